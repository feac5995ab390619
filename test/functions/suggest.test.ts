/**
 * PART.SUGGEST in a workbook's cells, against the emulator: the candidates spill under a header, each
 * meeting the line's constraints by its own catalog record; the Settings language is used for what
 * was understood; cells asking the same thing share one search; no candidate is #N/A with the reason.
 */
import { suggest } from '../../src/functions/functions';
import { brokenConstraints } from '../core/find-check';
import { errorOf, settledRequests, startFunctionsHarness, type FunctionsHarness } from '../../testkit/functions-harness';

describe.each(['en', 'ja'] as const)('PART.SUGGEST (%s)', (lang) => {
  let h: FunctionsHarness;
  beforeAll(async () => {
    h = await startFunctionsHarness({ lang });
  });
  afterAll(() => h.close());

  test('spills a header and candidates that meet every constraint, for a text or a row of cells', async () => {
    const table = await suggest([['CAP CER 0.1UF 16V X7R 0402']], undefined, 5);
    expect(table[0]).toEqual(['Partno', 'Status', 'Why', 'Understood']);
    expect(table.length).toBeGreaterThan(1);
    expect(table[1][3]).toBe(lang === 'en' ? 'ceramic capacitor, 100 nF, ≥ 16 V, X7R, 0402 (1005)' : 'セラミックコンデンサ、100 nF、16 V 以上、X7R、0402 (1005)');
    for (const row of table.slice(1)) {
      const product = h.emulator.catalog.byPartno.get(row[0])!;
      expect(brokenConstraints(product, { k: 'C', c: '100n', v: 16, tc: 'X7R', s: '0402' })).toEqual([]);
    }
    const row = await suggest([['100n', 'C_0402_1005Metric', '16V']]);
    expect(row[1][3]).toMatch(/100 nF/);
    expect(row.length).toBeLessThanOrEqual(4);
  });

  test('a column of formulas asking the same thing costs one search', async () => {
    await settledRequests(h.emulator);
    h.emulator.resetLog();
    await Promise.all(['CL05B104KO5NNNC', 'CC0402KRX7R7BB104', '0402B104K160CT'].map((t) => suggest([[t]])));
    const searches = (await settledRequests(h.emulator)).filter((r) => r.url.includes('/v2/products?'));
    expect(searches).toHaveLength(1);
  });

  test('the category reads a bare value as that kind; no candidate is #N/A with the reason; arguments are checked', async () => {
    const inductor = await suggest([['10u 0603']], 'inductors');
    expect(inductor[1][3]).toMatch(lang === 'en' ? /^inductor, 10 µH/ : /^インダクタ、10 µH/);
    const resistor = await errorOf(suggest([['RES 10K 0402']]));
    expect(resistor.code).toBe('#N/A');
    expect(resistor.message).toMatch(lang === 'en' ? /^Not a kind of part/ : /対象外です/);
    expect(await errorOf(suggest([['']]))).toEqual({ code: '#VALUE!', message: expect.stringContaining('No BOM line given') });
    expect(await errorOf(suggest([['100n']], 'resistors'))).toEqual({ code: '#VALUE!', message: expect.stringContaining("Unknown category 'resistors'") });
    expect(await errorOf(suggest([['100n']], undefined, 0))).toEqual({ code: '#VALUE!', message: expect.stringContaining('count must be a whole number') });
  });
});
