/**
 * The emulator answers a search that pins a number to a narrow range from the list's numbers
 * sorted once (emulator/query.ts), testing only the products inside the range. Whatever the
 * conditions (several on one field, values at the edge of the evaluation's tolerance, ranges
 * empty or wide), the answer is the one a scan of every product with the API's own evaluation
 * gives: the same products, in the same order, cut at the same place.
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

test('a search answered from the sorted numbers is the scan of every product, in order and cut alike', () => {
  fc.assert(
    fc.property(search, ({ category, conditions, limit }) => {
      const filter: Filter = { conditions: [{ type: 'category', value: category }, ...(conditions as Condition[])] };
      const test = compileFilter(filter, { lang: 'en' });
      const scanned = catalog.byGroup[FIELDS[category].group].filter(test).map((p) => p.values.Partno);
      const answer = runQuery(catalog, { filter, orderBy: [], lang: 'en', limit });
      expect(answer.products.map((p) => p.values.Partno)).toEqual(scanned.slice(0, limit));
      expect(answer.hasMoreHits).toBe(scanned.length > limit);
    }),
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
