/**
 * PART.SPEC where the host takes no formatted numbers (before ExcelApi 1.16): a date is ISO text,
 * never a bare serial; and a part number one misread character from a real one (O for 0) gets
 * #N/A naming the likely part, as `partspec lookup` does.
 */
import { spec } from '../../src/functions/functions';
import { errorOf, useFunctionsHarness } from '../../testkit/functions-harness';

const h = useFunctionsHarness({ entities: false });

test('LastBuyDate is ISO text (2027-03-31) where formatted numbers are not supported', async () => {
  const p = h.emulator.catalog.products.find((x) => typeof x.values.LastBuyDate === 'string')!;
  const result = await spec([[p.values.Partno as string]], [['LastBuyDate']]);
  expect(result).toEqual([[p.values.LastBuyDate]]);
  expect(result[0][0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test("GRM155R71C1O4KA88D (O for 0): #N/A naming GRM155R71C104KA88D", async () => {
  const error = await errorOf(spec([['GRM155R71C1O4KA88D']], [['Status']]));
  expect(error.code).toBe('#N/A');
  expect(error.message).toBe('Part not found: GRM155R71C1O4KA88D — did you mean GRM155R71C104KA88D?');
});

test('a part number with no likely part keeps the plain #N/A', async () => {
  const error = await errorOf(spec([['ZZZQ99999999']], [['Status']]));
  expect(error).toEqual({ code: '#N/A', message: 'Part not found: ZZZQ99999999' });
});
