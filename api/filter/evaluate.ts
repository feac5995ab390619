import type { FieldValue } from '../product';
import { CATEGORIES, getFilterField, isListFieldName, translateValue, type Group, type Lang } from '../vocabulary';
import { categoryOf, type Condition, type Filter, type NumberOperator, type OrderByItem } from './ast';

/*
 * What a parsed `$filter` and `$orderby` mean for one product: the one evaluation the emulator
 * answers searches with and PartSpec matches a downloaded category file with, so a search sent and
 * the same search matched locally cannot disagree.
 */

/** A product as the evaluation reads it: its group and its values by the vocabulary's field key. */
export interface FilterableProduct {
  group: Group;
  values: Readonly<Record<string, FieldValue>>;
}

export interface EvaluateOptions {
  /** Language of the filter's values and of the order of list values. */
  lang: Lang;
  /** Language the products' list values are stored in (the emulator's catalog: English). @default lang */
  valuesLang?: Lang;
}

/** Code-unit order of Partnos: the order of every default response and of harvest continuation. */
export function comparePartno(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The groups a filter reaches: its Category condition's groups, or all three. */
export function groupsOf(filter: Filter): readonly Group[] {
  const category = categoryOf(filter);
  return category ? CATEGORIES[category].groups : ['SMD', 'Lead', 'Ind'];
}

/** Relative tolerance of number comparisons, so 0.0000001 and 1e-7 written either way are equal. */
export const NUMBER_EPSILON = 1e-12;

function compareNumbers(a: number, b: number): number {
  if (Math.abs(a - b) <= NUMBER_EPSILON * Math.max(Math.abs(a), Math.abs(b))) return 0;
  return a < b ? -1 : 1;
}

/**
 * Whether any stored value of a field (list fields hold several, others one) passes `test`. Called
 * for every product a search reaches, so a single value is tested without building a list.
 */
function anyValue(value: FieldValue | undefined, test: (v: string) => boolean): boolean {
  if (value === undefined) return false;
  if (!Array.isArray(value)) return test(typeof value === 'string' ? value : String(value));
  for (const v of value) if (test(v)) return true;
  return false;
}

export type ProductTest = (p: FilterableProduct) => boolean;

/**
 * Whether a text starts with any of `prefixes`. A harvest continues with a `startswith` of dozens
 * of alternatives, tested against every product of a category; the prefixes are kept in one set
 * per length, so a text costs a lookup per distinct length instead of one comparison per prefix.
 */
function prefixTest(prefixes: readonly string[]): (v: string) => boolean {
  const byLength = new Map<number, Set<string>>();
  for (const w of prefixes) {
    const set = byLength.get(w.length) ?? new Set<string>();
    set.add(w);
    byLength.set(w.length, set);
  }
  const lengths = [...byLength.entries()].sort(([a], [b]) => a - b);
  return (v) => {
    for (const [length, set] of lengths) {
      if (length > v.length) return false;
      if (set.has(length === v.length ? v : v.slice(0, length))) return true;
    }
    return false;
  };
}

/** A test of one stored value (undefined when the product has none). */
export type ValueTest = (value: FieldValue | undefined) => boolean;

/** A condition other than Category, as the value key it reads and the test of that value. */
export interface ValueCondition {
  key: string;
  test: ValueTest;
  /**
   * For a number condition: the closed range outside which no value passes (a little wider than
   * the condition, as numbers within NUMBER_EPSILON are equal), so a reader with the values sorted
   * can test only the products inside it. The test still decides.
   */
  range?: { low: number; high: number };
  /**
   * For a text condition (`eq` or `startswith`) on a field that is not a list: the texts (or
   * prefixes) of which a value must be one, read as anyValue reads it (each item of an array, any
   * other value as its text), so a reader with the values indexed can test only the products that
   * hold one. The test still decides.
   */
  texts?: { op: 'eq' | 'startswith'; values: readonly string[] };
}

const never: ValueTest = () => false;

/**
 * The test of a number condition: `compareNumbers(value, x)` tested by the operator, written out
 * per operator. It runs for every product a search reaches, so each is one small function, and
 * the common case (clearly above or below) costs one comparison.
 */
function numberTest(op: NumberOperator, x: number): ValueTest {
  const near = (v: number): boolean => compareNumbers(v, x) === 0;
  switch (op) {
    case 'eq':
      return (v) => typeof v === 'number' && near(v);
    case 'ge':
      return (v) => typeof v === 'number' && (v >= x || near(v));
    case 'le':
      return (v) => typeof v === 'number' && (v <= x || near(v));
    case 'gt':
      return (v) => typeof v === 'number' && v > x && !near(v);
    case 'lt':
      return (v) => typeof v === 'number' && v < x && !near(v);
  }
}

/** The values a number condition can pass, widened by twice the tolerance (see ValueCondition.range). */
function numberRange(op: NumberOperator, x: number): { low: number; high: number } {
  const slack = 2 * NUMBER_EPSILON * Math.abs(x);
  switch (op) {
    case 'eq':
      return { low: x - slack, high: x + slack };
    case 'ge':
    case 'gt':
      return { low: x - slack, high: Infinity };
    case 'le':
    case 'lt':
      return { low: -Infinity, high: x + slack };
  }
}

function valueCondition(condition: Exclude<Condition, { type: 'category' }>, lang: Lang, valuesLang: Lang): ValueCondition {
  const def = getFilterField(condition.field);
  if (!def) return { key: condition.field, test: never };
  const key = def.responseKey;
  switch (condition.type) {
    case 'boolean':
      return { key, test: (v) => v === condition.value };
    case 'number':
      return { key, test: numberTest(condition.op, condition.value), range: numberRange(condition.op, condition.value) };
    case 'string': {
      if (def.list && isListFieldName(def.name)) {
        // List values are compared in the language the products hold them in.
        const listName = def.name;
        const wanted = new Set(condition.values.map((v) => translateValue(listName, v, lang, valuesLang)));
        const listed = (v: string): boolean => wanted.has(v);
        return { key, test: (v) => anyValue(v, listed) };
      }
      const values = condition.values;
      if (condition.op === 'eq') {
        const wanted = new Set(values);
        const equal = (v: string): boolean => wanted.has(v);
        return { key, test: (v) => anyValue(v, equal), texts: { op: 'eq', values } };
      }
      if (condition.op === 'startswith') {
        const starts = prefixTest(values);
        return { key, test: (v) => anyValue(v, starts), texts: { op: 'startswith', values } };
      }
      const contains = (v: string): boolean => values.some((w) => v.includes(w));
      return { key, test: (v) => anyValue(v, contains) };
    }
  }
}

/**
 * The conditions other than Category (which `groupsOf` answers), each as the value it reads and
 * its test: the emulator tests a column of values at a time, a product test reads its own.
 */
export function valueConditions(filter: Filter, options: EvaluateOptions): ValueCondition[] {
  const valuesLang = options.valuesLang ?? options.lang;
  const out: ValueCondition[] = [];
  for (const c of filter.conditions) if (c.type !== 'category') out.push(valueCondition(c, options.lang, valuesLang));
  return out;
}

/** Whether a product meets every condition of a filter (several on one field included). */
export function compileFilter(filter: Filter, options: EvaluateOptions): ProductTest {
  const groups = groupsOf(filter);
  const conditions = valueConditions(filter, options);
  return (p) => {
    if (!groups.includes(p.group)) return false;
    for (const { key, test } of conditions) if (!test(p.values[key])) return false;
    return true;
  };
}

/** A sort key of a product for an order item: numbers as numbers, lists as their text in `lang`. */
function sortValue(p: FilterableProduct, key: string, listName: string | undefined, lang: Lang, valuesLang: Lang): string | number | undefined {
  const v = p.values[key];
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const items = Array.isArray(v) ? v : [v];
  const translated = listName && isListFieldName(listName) && valuesLang !== lang ? items.map((i) => translateValue(listName, i, valuesLang, lang)) : items;
  return translated.join(',');
}

/** The order of a result: the `$orderby` items, products without a value last, then Partno ascending. */
export function compareByOrder(orderBy: readonly OrderByItem[], options: EvaluateOptions): (a: FilterableProduct, b: FilterableProduct) => number {
  const valuesLang = options.valuesLang ?? options.lang;
  const items = orderBy.map((item) => {
    const def = getFilterField(item.field);
    return { key: def?.responseKey ?? item.field, list: def?.list ? def.name : undefined, sign: item.direction === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const item of items) {
      const va = sortValue(a, item.key, item.list, options.lang, valuesLang);
      const vb = sortValue(b, item.key, item.list, options.lang, valuesLang);
      // Products without the value come last in either direction.
      if (va === undefined || vb === undefined) {
        if (va === vb) continue;
        return va === undefined ? 1 : -1;
      }
      const c = typeof va === 'number' && typeof vb === 'number' ? compareNumbers(va, vb) : comparePartno(String(va), String(vb));
      if (c !== 0) return c * item.sign;
    }
    return comparePartno(String(a.values.Partno ?? ''), String(b.values.Partno ?? ''));
  };
}
