/**
 * The emulator answers a search that pins a number to a narrow range from the list's numbers
 * sorted once (emulator/query.ts), testing only the products inside the range, and a search that
 * pins a text to some values or prefixes (a lookup's `Partno eq`, a harvest's `startswith`) from
 * the list's texts sorted once. Whatever the conditions (several on one field, values at the edge
 * of the evaluation's tolerance, ranges empty or wide, texts held or not, prefixes overlapping),
 * the answer is the one a scan of every product with the API's own evaluation gives: the same
 * products, in the same order, cut at the same place.
 */
import fc from 'fast-check';
import { compileFilter, NUMBER_OPERATORS, type Condition, type Filter } from '../../api';
import { catalogFor, runQuery } from '../../emulator';

const catalog = catalogFor(1);

/** The number fields searched on, by category, and the value key each reads. */
const FIELDS = {
  ceramicCapacitorsSMD: { group: 'SMD', fields: [['Capacitance', 'Specs.Capacitance'], ['RatedVoltage', 'Specs.RatedVoltage'], ['Length', 'Specs.Length']] },
  inductors: { group: 'Ind', fields: [['Inductance', 'Specs.Inductance'], ['RatedCurrent', 'Specs.RatedCurrent']] },
} as const;

/** A value the catalog holds, or one just inside or outside the tolerance around it, or none of its values. */
function valueNear(list: readonly { values: Record<string, unknown> }[], key: string): fc.Arbitrary<number> {
  const held = list.map((p) => p.values[key]).filter((v): v is number => typeof v === 'number');
  return fc.oneof(
    fc.constantFrom(...held.slice(0, 2000)),
    fc.tuple(fc.constantFrom(...held.slice(0, 2000)), fc.constantFrom(1 + 5e-13, 1 - 5e-13, 1 + 5e-12, 1 - 5e-12, 1.5, 0.5)).map(([v, f]) => v * f),
    fc.constantFrom(0, -1, 1e300),
  );
}

const search = fc.constantFrom(...(Object.keys(FIELDS) as (keyof typeof FIELDS)[])).chain((category) => {
  const { group, fields } = FIELDS[category];
  const list = catalog.byGroup[group];
  const condition = fc.constantFrom(...fields).chain(([name, key]) =>
    fc.record({ type: fc.constant('number' as const), field: fc.constant(name), op: fc.constantFrom(...NUMBER_OPERATORS), value: valueNear(list, key) }),
  );
  return fc.record({ category: fc.constant(category), conditions: fc.array(condition, { minLength: 1, maxLength: 4 }), limit: fc.constantFrom(2000, 5, Infinity) });
});

/** The emulator's answer to a search is the scan of every product of the list: the same products, order, cut and `hasMoreHits`. */
function expectSameAsScan({ category, conditions, limit }: { category: keyof typeof FIELDS; conditions: unknown[]; limit: number }): void {
  const filter: Filter = { conditions: [{ type: 'category', value: category }, ...(conditions as Condition[])] };
  const test = compileFilter(filter, { lang: 'en' });
  const scanned = catalog.byGroup[FIELDS[category].group].filter(test).map((p) => p.values.Partno);
  const answer = runQuery(catalog, { filter, orderBy: [], lang: 'en', limit });
  expect(answer.products.map((p) => p.values.Partno)).toEqual(scanned.slice(0, limit));
  expect(answer.hasMoreHits).toBe(scanned.length > limit);
}

test('a search answered from the sorted numbers is the scan of every product, in order and cut alike', () => {
  fc.assert(
    fc.property(search, expectSameAsScan),
    { numRuns: 50 },
  );
});

test('an equal value written within the tolerance finds the same products as the value itself', () => {
  const product = catalog.byGroup.SMD[1234];
  const capacitance = product.values['Specs.Capacitance'] as number;
  const found = (value: number): unknown[] =>
    runQuery(catalog, { filter: { conditions: [{ type: 'category', value: 'ceramicCapacitorsSMD' }, { type: 'number', field: 'Capacitance', op: 'eq', value }] }, orderBy: [], lang: 'en', limit: Infinity }).products.map((p) => p.values.Partno);
  const exact = found(capacitance);
  expect(exact).toContain(product.values.Partno);
  expect(found(capacitance * (1 + 5e-13))).toEqual(exact);
  expect(found(capacitance * (1 - 5e-13))).toEqual(exact);
  expect(found(capacitance * (1 + 1e-9))).not.toContain(product.values.Partno);
});

/** Text fields a lookup or a harvest pins, and the value key each reads. */
const TEXT_FIELDS = [
  ['Partno', 'Partno'],
  ['PartnoWithoutPackageCode', 'PartnoWithoutPackageCode'],
] as const;

/** A text the list holds, a prefix of one (down to nothing), one just past it, or none of its texts. */
function textNear(held: readonly string[]): fc.Arbitrary<string> {
  const some = fc.integer({ min: 0, max: held.length - 1 }).map((i) => held[i]);
  return fc.oneof(
    some,
    fc.tuple(some, fc.nat(20)).map(([v, n]) => v.slice(0, Math.max(0, v.length - n))),
    some.map((v) => `${v}0`),
    fc.constantFrom('', 'ZZZ', 'none'),
  );
}

/** Each group's texts of each text field, read once. */
const HELD_TEXTS = new Map(
  Object.values(FIELDS).flatMap(({ group }) => TEXT_FIELDS.map(([, key]) => [`${group} ${key}`, catalog.byGroup[group].map((p) => p.values[key]).filter((v): v is string => typeof v === 'string')] as const)),
);

const textSearch = fc.constantFrom(...(Object.keys(FIELDS) as (keyof typeof FIELDS)[])).chain((category) => {
  const { group, fields } = FIELDS[category];
  const list = catalog.byGroup[group];
  const text = fc.constantFrom(...TEXT_FIELDS).chain(([name, key]) =>
    fc.record({ type: fc.constant('string' as const), field: fc.constant(name), op: fc.constantFrom('eq' as const, 'startswith' as const), values: fc.array(textNear(HELD_TEXTS.get(`${group} ${key}`)!), { minLength: 1, maxLength: 40 }) }),
  );
  const number = fc.constantFrom(...fields).chain(([name, key]) =>
    fc.record({ type: fc.constant('number' as const), field: fc.constant(name), op: fc.constantFrom(...NUMBER_OPERATORS), value: valueNear(list, key) }),
  );
  return fc.record({ category: fc.constant(category), conditions: fc.tuple(fc.array(text, { minLength: 1, maxLength: 2 }), fc.array(number, { maxLength: 2 })).map(([t, n]) => [...t, ...n]), limit: fc.constantFrom(2000, 5, Infinity) });
});

test('a search answered from the sorted texts is the scan of every product, in order and cut alike', () => {
  fc.assert(
    fc.property(textSearch, expectSameAsScan),
    { numRuns: 50 },
  );
});

test('a lookup of many part numbers finds each of them, and only them', () => {
  const list = catalog.byGroup.SMD;
  const wanted = list.filter((_, i) => i % 997 === 0).map((p) => String(p.values.Partno));
  const filter: Filter = { conditions: [{ type: 'category', value: 'ceramicCapacitorsSMD' }, { type: 'string', field: 'Partno', op: 'eq', values: [...wanted, 'NOT-A-PART'] }] };
  const answer = runQuery(catalog, { filter, orderBy: [], lang: 'en' });
  expect(answer.products.map((p) => p.values.Partno)).toEqual(wanted);
  expect(answer.hasMoreHits).toBe(false);
});
