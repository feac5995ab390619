import type { FieldValue, ProductRecord } from './product';
import { GROUPS, GROUP_OBJECT_NAMES, VALUE_FIELDS, type FieldDef, type Group } from './vocabulary';

/**
 * Turns product search results (and download files) into ProductRecords, whatever nesting
 * variant of NOTES.md the service used. Driven by the vocabulary's FIELDS: every rule below is
 * about a field's level and type, never about a named field.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The nested objects a product may hold its fields in (a field may also sit flat on the product). */
const NESTED_LEVELS: readonly string[] = ['ComplianceInfo', 'Specs', 'MediaFileUrls'];

/** Product-level fields that may instead sit on the group object (Manufacturer, Lv1Category…). */
const GROUP_DEFAULT_FIELDS = VALUE_FIELDS.filter((f) => f.level === 'product');

/** The normalized result of one /v2/products response. */
export interface NormalizedResponse {
  products: ProductRecord[];
  hasMoreHits: boolean;
}

/** Reads a Boolean sent as a Boolean, as "true"/"false" (any case) or as 1/0. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
  }
  return undefined;
}

/** Reads a number sent as a number or as a decimal string. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const t = value.trim();
    if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(t)) return undefined;
    return Number(t);
  }
  return undefined;
}

/**
 * A date as `YYYY-MM-DD`: accepts ISO dates and date-times, `YYYY/MM/DD`, `YYYY.MM.DD` and
 * `YYYYMMDD`. Anything else comes back undefined.
 */
export function toIsoDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  const m = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})(?:[T ].*)?$/.exec(t);
  if (!m) return undefined;
  const [, y, mo, d] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What normalizing a value reads of its field, in one shape for every field: the vocabulary's
 * FieldDefs differ in which optional flags they carry, and reading them on every value of every
 * product made each read look up one of many shapes.
 */
interface ValueRule {
  readonly type: FieldDef['type'];
  readonly commaSeparated: boolean;
  readonly dateLike: boolean;
}

const ruleOf = (field: FieldDef): ValueRule => ({ type: field.type, commaSeparated: field.commaSeparated === true, dateLike: field.dateLike === true });

/** One field's value, normalized by its type; undefined means "absent in the record". */
export function normalizeValue(field: FieldDef, raw: unknown): FieldValue | undefined {
  return raw === null || raw === undefined ? undefined : normalizeByRule(ruleOf(field), raw);
}

/** normalizeValue for one field with its rule read once: for loops over many values of the same fields. */
export function valueReader(field: FieldDef): (raw: unknown) => FieldValue | undefined {
  const rule = ruleOf(field);
  return (raw) => (raw === null || raw === undefined ? undefined : normalizeByRule(rule, raw));
}

function normalizeByRule(rule: ValueRule, raw: unknown): FieldValue | undefined {
  switch (rule.type) {
    case 'Double':
      return toNumber(raw);
    case 'Integer': {
      const n = toNumber(raw);
      return n === undefined ? undefined : Math.round(n);
    }
    case 'Boolean':
      return toBoolean(raw);
    case 'Date': {
      if (typeof raw !== 'string' || raw.trim() === '') return undefined;
      return toIsoDate(raw) ?? raw.trim();
    }
    case 'List[String]': {
      if (!Array.isArray(raw)) {
        const text = String(raw);
        return text === '' ? [] : [text];
      }
      const strings: string[] = [];
      for (const v of raw as unknown[]) {
        if (v === null || v === undefined) continue;
        const text = String(v);
        if (text !== '') strings.push(text);
      }
      return strings;
    }
    default: {
      if (typeof raw === 'string') return rule.dateLike ? (toIsoDate(raw) ?? raw) : raw;
      if (Array.isArray(raw)) {
        // The spec returns several values of a comma-separated field as one string.
        const joined = raw.filter((v) => v !== null && v !== undefined).map(String);
        return joined.length === 0 ? undefined : joined.join(rule.commaSeparated ? ',' : ', ');
      }
      if (isObject(raw)) return undefined;
      const text = String(raw);
      if (rule.dateLike) return toIsoDate(text) ?? text;
      return text;
    }
  }
}

/**
 * A record's values from its fields in order. Built with `Object.fromEntries`, whose object keeps
 * V8's fast properties (one shape shared by every record of a group): the same object filled by
 * assigning computed keys one by one turns into a hash table after a dozen, about three times the
 * memory, which tens of thousands of records kept while a category arrives made the collector copy.
 */
export function recordOf(entries: readonly (readonly [string, FieldValue])[]): Record<string, FieldValue> {
  return Object.fromEntries(entries) as Record<string, FieldValue>;
}

/** One field as normalizeProduct reads it: its name and key, the nested object it sits in (-1: the product), its rule. */
interface FieldPlan {
  readonly name: string;
  readonly key: string;
  readonly slot: number;
  /** A product-level field, which may instead sit on the group object. */
  readonly productLevel: boolean;
  readonly rule: ValueRule;
}

/** What normalizeProduct reads for a group, in the vocabulary's order. */
const FIELD_PLANS: Record<Group, readonly FieldPlan[]> = Object.fromEntries(
  GROUPS.map((group) => [
    group,
    VALUE_FIELDS.filter((f) => f.groups.includes(group)).map((field): FieldPlan => ({
      name: field.name,
      key: field.key,
      slot: NESTED_LEVELS.indexOf(field.level),
      productLevel: field.level === 'product',
      rule: ruleOf(field),
    })),
  ]),
) as Record<string, readonly FieldPlan[]> as Record<Group, readonly FieldPlan[]>;

/**
 * One product object as a ProductRecord; `defaults` are values from the enclosing group object
 * (the product's own value wins). Returns undefined for an object without a part number. A nested
 * field is read from its object, else from the product itself (the flattened variant). Runs for
 * every product of every answer and category file, so each nested object is looked up once.
 */
export function normalizeProduct(raw: unknown, group: Group, defaults: Json = {}): ProductRecord | undefined {
  if (!isObject(raw)) return undefined;
  const containers = NESTED_LEVELS.map((level) => {
    const container = raw[level];
    return isObject(container) ? container : undefined;
  });
  const entries: [string, FieldValue][] = [];
  for (const plan of FIELD_PLANS[group]) {
    const { name, slot } = plan;
    let rawValue: unknown;
    if (slot < 0) rawValue = raw[name];
    else {
      const inside = containers[slot]?.[name];
      rawValue = inside !== undefined && inside !== null ? inside : (raw[name] ?? inside);
    }
    let value = rawValue === null || rawValue === undefined ? undefined : normalizeByRule(plan.rule, rawValue);
    if (value === undefined && plan.productLevel && name in defaults) {
      const fallback = defaults[name];
      if (fallback !== null && fallback !== undefined) value = normalizeByRule(plan.rule, fallback);
    }
    if (value !== undefined) entries.push([plan.key, value]);
  }
  const values = recordOf(entries);
  const partno = values.Partno;
  if (typeof partno !== 'string' || partno === '') return undefined;
  return { group, partno, values };
}

function groupDefaults(groupObject: Json, outer: Json): Json {
  const defaults: Json = {};
  for (const f of GROUP_DEFAULT_FIELDS) {
    const v = groupObject[f.name] ?? outer[f.name];
    if (v !== undefined && v !== null) defaults[f.name] = v;
  }
  return defaults;
}

/**
 * A /v2/products response (or a download file in the same shape) as records. Accepts the group
 * objects under `Data` or at the root, a group given as the bare list of products, and
 * Manufacturer/Lv*Category on the group (or on Data) instead of on each product.
 */
export function normalizeProductsResponse(body: unknown): NormalizedResponse {
  const root = isObject(body) ? body : {};
  const data = isObject(root.Data) ? root.Data : root;
  const products: ProductRecord[] = [];
  for (const group of GROUPS) {
    const container = data[GROUP_OBJECT_NAMES[group]] ?? (data === root ? undefined : root[GROUP_OBJECT_NAMES[group]]);
    if (container === undefined || container === null) continue;
    const groupObject: Json = isObject(container) ? container : {};
    const list = Array.isArray(container) ? container : Array.isArray(groupObject.Products) ? groupObject.Products : [];
    const defaults = groupDefaults(groupObject, data);
    for (const item of list) {
      const record = normalizeProduct(item, group, defaults);
      if (record) products.push(record);
    }
  }
  return { products, hasMoreHits: toBoolean(root.HasMoreHits) ?? false };
}

