import { URL_BUDGET_BYTES } from '../../api/vocabulary';
import { spec } from '../../src/functions/functions';
import { describeError } from '../../testkit/custom-functions-shim';
import { lookupLowerBound, recalculate as recalculateCells, settledRequests, spreadPartnos, useFunctionsHarness } from '../../testkit/functions-harness';

/** Fields every group returns, so every cell of the 1,000 × 8 grid has a value. */
const FIELDS = ['Status', 'PackageType', 'MinOrderQuantity', 'Rohs', 'Length', 'Width', 'MediaFileUrls.SpecificationsSheet', 'PartnoWithoutPackageCode'];

const h = useFunctionsHarness();
let parts: string[];

beforeAll(() => {
  parts = spreadPartnos(h.emulator, 1000);
  expect(new Set(parts).size).toBe(1000);
});

/** One recalculation: every cell's formula called at once, as Excel does; resolves with the values. */
function recalculate(fields: readonly string[]): Promise<unknown[]> {
  return recalculateCells(parts, fields);
}

async function coldRequests(fields: readonly string[]): Promise<number> {
  await h.runtime.clearCache();
  h.emulator.resetLog();
  const values = await recalculate(fields);
  expect(values).toHaveLength(parts.length * fields.length);
  expect(values.filter((v) => describeError(v) !== undefined)).toEqual([]);
  return (await settledRequests(h.emulator)).length;
}

describe('batching: all calls of one recalculation share lookup requests', () => {
  test('1,000 parts × 8 fields (8,000 calls) send exactly the lookup lower bound, the same as × 1 field', async () => {
    const bound = lookupLowerBound(h.emulator, parts);
    const eight = await coldRequests(FIELDS);
    const one = await coldRequests(FIELDS.slice(0, 1));
    expect(eight).toBe(bound);
    expect(one).toBe(bound);
    expect((await settledRequests(h.emulator)).every((r) => r.status === 200 && r.urlBytes <= URL_BUDGET_BYTES)).toBe(true);
  });

  test('a warm second recalculation sends no request', async () => {
    await coldRequests(FIELDS);
    h.emulator.resetLog();
    const values = await recalculate(FIELDS);
    expect(values).toHaveLength(8000);
    expect(await settledRequests(h.emulator)).toHaveLength(0);
  });

  test('one spilled formula over the 1,000 × 8 grid sends the same requests', async () => {
    await h.runtime.clearCache();
    h.emulator.resetLog();
    const grid = await spec(parts.map((p) => [p]), [FIELDS]);
    expect(grid).toHaveLength(1000);
    expect(grid.every((row) => row.length === 8 && row.every((v) => describeError(v) === undefined))).toBe(true);
    expect(await settledRequests(h.emulator)).toHaveLength(lookupLowerBound(h.emulator, parts));
  });

  test('values are right for every cell, not just present', async () => {
    const values = await recalculate(['Status', 'PartnoWithoutPackageCode']);
    parts.forEach((p, i) => {
      const product = h.emulator.catalog.byPartno.get(p)!;
      expect(values[2 * i]).toBe(product.values.Status);
      expect(values[2 * i + 1]).toBe(product.values.PartnoWithoutPackageCode);
    });
  });
});
