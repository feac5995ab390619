/**
 * Searches by specs find real-looking parts in emulator mode: a filter that pins a capacitance or
 * an inductance (a BOM line's value, `eq` or a range of at most ×1.5) meets the maker's numbers of
 * that value in every common size, characteristic and voltage, each marked synthetic and each the
 * same product its number gives when asked by part number; a sweep over values meets none. The
 * emulator's command line turns this on; startEmulator leaves it off unless asked.
 */
import { startEmulator, type RunningEmulator } from '../../emulator';
import { commonParts } from '../../emulator/catalog/real-numbering';
import { parseCliArgs, USAGE } from '../../emulator/cli-args';
import { partnosOf, productsOf, search } from '../../testkit/emulator-http';

let emulator: RunningEmulator;
let catalogAnswers: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, commonParts: true });
  // As tests and tools start it by default: a search by specs answers with the catalog alone.
  catalogAnswers = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
  await catalogAnswers.close();
});

const SMD = "Category eq 'ceramicCapacitorsSMD'";
const IND = "Category eq 'inductors'";
const plain = (n: number): string => n.toFixed(15).replace(/0+$/, '');

test('100 nF X7R 16 V 0402 ±10 %: the GRM and automotive GCM numbers, on both reels, marked synthetic', async () => {
  const body = await search(emulator.url, { filter: `${SMD} and Capacitance eq 0.0000001 and RatedVoltage eq 16 and TemperatureCharacteristics eq 'X7R' and SizecodeInch eq '0402' and ToleranceCapacitance eq '±10%'` });
  const real = partnosOf(body).filter((p) => p.startsWith('G'));
  expect(real).toEqual(['GCM155R71C104KA01D', 'GCM155R71C104KA01J', 'GRM155R71C104KA01D', 'GRM155R71C104KA01J']);
  for (const p of productsOf(body).filter((x) => real.includes(x.Partno as string))) {
    expect(p).toMatchObject({ Notices: expect.stringMatching(/^Synthetic: /), Specs: { Capacitance: 1e-7, RatedVoltage: 16, TemperatureCharacteristics: 'X7R', SizecodeInch: '0402', ToleranceCapacitance: '±10%' } });
  }
  expect(productsOf(body).find((p) => p.Partno === 'GCM155R71C104KA01D')).toMatchObject({ ComplianceInfo: { AecQ200Support: true } });
});

test('a part found by its specs is the same product its number gives', async () => {
  const bySpecs = productsOf(await search(emulator.url, { filter: `${SMD} and Capacitance eq 0.00001 and SizecodeInch eq '0805' and TemperatureCharacteristics eq 'X5R'` }));
  const one = bySpecs.find((p) => String(p.Partno).startsWith('GRM21B'))!;
  expect(one).toBeDefined();
  const byNumber = productsOf(await search(emulator.url, { filter: `Partno eq '${one.Partno}'` }));
  expect(byNumber).toEqual([one]);
});

/** The common values of each size in X5R or X7R: every one is found. */
const COVERAGE: readonly (readonly [string, readonly number[]])[] = [
  ['0201', [1e-10, 1e-9, 1e-8, 1e-7, 1e-6]],
  ['0402', [1e-10, 1e-9, 2.2e-9, 1e-8, 4.7e-8, 1e-7, 2.2e-7, 1e-6, 2.2e-6, 4.7e-6]],
  ['0603', [1e-9, 1e-8, 1e-7, 4.7e-7, 1e-6, 2.2e-6, 4.7e-6, 1e-5, 2.2e-5]],
  ['0805', [1e-8, 1e-7, 1e-6, 4.7e-6, 1e-5, 2.2e-5, 4.7e-5]],
  ['1206', [1e-7, 1e-6, 1e-5, 2.2e-5, 4.7e-5, 1e-4]],
  ['1210', [1e-6, 1e-5, 2.2e-5, 4.7e-5, 1e-4]],
];

test.each(COVERAGE)('%s: every common value is found in X5R or X7R', async (size, values) => {
  for (const farads of values) {
    const body = await search(emulator.url, { filter: `${SMD} and Capacitance eq ${plain(farads)} and SizecodeInch eq '${size}'` });
    const real = productsOf(body).filter((p) => /^G[RC]M/.test(String(p.Partno)) && ['X5R', 'X7R'].includes(String((p.Specs as Record<string, unknown>).TemperatureCharacteristics)));
    expect([size, farads, real.length > 0]).toEqual([size, farads, true]);
  }
});

test('class 1: 10 pF C0G 50 V ±5 % in 0402, and X7S, X6S parts of their own', async () => {
  expect(partnosOf(await search(emulator.url, { filter: `${SMD} and Capacitance eq 0.00000000001 and TemperatureCharacteristics eq 'C0G' and RatedVoltage eq 50 and SizecodeInch eq '0402'` }))).toEqual(
    expect.arrayContaining(['GRM1555C1H100JA01D', 'GCM1555C1H100JA01D']),
  );
  expect(partnosOf(await search(emulator.url, { filter: `${SMD} and Capacitance eq 0.000001 and TemperatureCharacteristics eq 'X6S'` })).length).toBeGreaterThan(0);
  expect(partnosOf(await search(emulator.url, { filter: `${SMD} and Capacitance eq 0.0000022 and TemperatureCharacteristics eq 'X7S'` })).length).toBeGreaterThan(0);
});

test('a value range of a BOM line (100 nF ±10 %) finds the same parts; a sweep over values meets none of them', async () => {
  const line = partnosOf(await search(emulator.url, { filter: `${SMD} and Capacitance ge 0.00000009 and Capacitance le 0.00000011 and SizecodeInch eq '0603' and RatedVoltage eq 50` }));
  expect(line).toEqual(expect.arrayContaining(['GRM188R71H104KA01D', 'GCM188R71H104KA01D']));
  const sweep = partnosOf(await search(emulator.url, { filter: `${SMD} and Capacitance ge 0.00000001 and Capacitance le 0.000001 and SizecodeInch eq '0603' and RatedVoltage eq 50` }));
  expect(sweep.filter((p) => /^G[RC]M/.test(p))).toEqual([]);
});

test('off unless asked for (the command line asks, --no-common-parts does not): the catalog alone answers', async () => {
  expect([emulator.commonParts, catalogAnswers.commonParts]).toEqual([true, false]);
  const filter = `${SMD} and Capacitance eq 0.0000001 and SizecodeInch eq '0402'`;
  expect(partnosOf(await search(catalogAnswers.url, { filter })).filter((p) => /^G[RC]M/.test(p))).toEqual([]);
  expect(parseCliArgs(['--no-common-parts'])).toEqual({ help: false, options: { commonParts: false } });
  expect(USAGE).toMatch(/--no-common-parts/);
});

test('inductors: the RF lines for 10 nH, the power lines for 2.2 µH', async () => {
  expect(partnosOf(await search(emulator.url, { filter: `${IND} and Inductance eq 0.00000001` }))).toEqual(
    expect.arrayContaining(['LQG15HS10NJ02D', 'LQP03TN10NJ02D', 'LQP15MN10NJ02D', 'LQW15AN10NJ00D', 'LQW18AN10NJ00D']),
  );
  const power = productsOf(await search(emulator.url, { filter: `${IND} and Inductance eq 0.0000022 and TargetCircuitCategory eq 'Power lines circuits'` }));
  expect(power.map((p) => p.Partno)).toEqual(expect.arrayContaining(['LQM18PN2R2MFRL', 'LQM21PN2R2MGHL', 'LQM18FN2R2M00D', 'LQH32CN2R2K53L', 'LQH3NPN2R2MM0L', 'DFE201610E-2R2M=P2']));
  expect(power.every((p) => (p.Specs as Record<string, unknown>).Inductance === 2.2e-6)).toBe(true);
});

test('only common, buildable parts: nothing outside the E-series, no 630 V in an 0402, generated from the value alone', () => {
  expect(commonParts('capacitance', 1.05e-7, 1.05e-7)).toEqual([]);
  const parts = commonParts('capacitance', 1e-7, 1e-7);
  expect(parts.length).toBeGreaterThan(100);
  expect(parts.every((p) => p.values['Specs.Capacitance'] === 1e-7)).toBe(true);
  expect(parts.filter((p) => p.values['Specs.SizecodeInch'] === '0402' && (p.values['Specs.RatedVoltage'] as number) > 50)).toEqual([]);
  expect(commonParts('capacitance', 1e-9, 1e-6)).toEqual([]);
});
