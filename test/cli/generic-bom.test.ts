/**
 * A generic BOM (a KiCad export: Reference, Value, Footprint, Qty; no part-number column anywhere)
 * is read by its picked Value column when the run suggests parts, by `enrich` and `report` alike,
 * and refused in a sentence when it does not (a value is not a part number to look up).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const KEY_ENV = { PARTSPEC_API_KEY: DEMO_KEY };
const world = useEmulatorHome();

const KICAD = [
  ['Reference', 'Value', 'Footprint', 'Qty'],
  ['C1', '100n', 'Capacitor_SMD:C_0402_1005Metric', '4'],
  ['C2', '10uF', 'Capacitor_SMD:C_0805_2012Metric', '2'],
  ['L1', '4.7uH', 'Inductor_SMD:L_0603_1608Metric', '1'],
  ['R1', '10k', 'Resistor_SMD:R_0402_1005Metric', '8'],
];

function writeBom(name: string): string {
  const file = join(world.home, name);
  writeFileSync(file, `${Papa.unparse(KICAD)}\r\n`);
  return file;
}

const run = (args: string[]) => runCliInProcess([...args, '--base-url', world.emulator.url, '--no-cache'], { home: world.home, env: KEY_ENV });

test('enrich --column Value --suggest writes a candidate for each capacitor and inductor line, and says why the resistor has none', async () => {
  const input = writeBom('kicad.csv');
  const out = join(world.home, 'kicad-suggested.csv');
  const result = await run(['enrich', input, '--column', 'Value', '--suggest', '--out', out]);
  expect([0, 1]).toContain(result.code);
  const grid = Papa.parse<string[]>(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const at = grid[0].indexOf('PartSpec: Suggested');
  expect(at).toBeGreaterThan(0);
  const suggested = grid.slice(1).map((row) => [row[0], row[at]]);
  expect(suggested.slice(0, 3).map(([ref, cell]) => [ref, / — /.test(cell)])).toEqual([
    ['C1', true],
    ['C2', true],
    ['L1', true],
  ]);
  expect(suggested[3][1]).toContain('resistor');
  expect(result.stderr).toContain('Suggested: 3 of 4 rows with no maker part number have a candidate');
});

test('without --suggest the Value column is refused in a sentence, nothing written', async () => {
  const input = writeBom('kicad-plain.csv');
  const out = join(world.home, 'kicad-plain-out.csv');
  const result = await run(['enrich', input, '--column', 'Value', '--out', out]);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain("Column B ('Value') does not hold part numbers");
  expect(() => readFileSync(out)).toThrow();
});

test('report --column Value --suggest counts the suggestions; Qty stays refused when suggesting', async () => {
  const input = writeBom('kicad-report.csv');
  const report = await run(['report', input, '--column', 'Value', '--suggest']);
  expect(report.code).toBe(0);
  expect(report.stderr).toContain('Suggestions: 3 of 4 rows with no maker part number have a candidate');
  const qty = await run(['enrich', input, '--column', 'Qty', '--suggest', '--out', join(world.home, 'qty.csv')]);
  expect(qty.code).toBe(2);
  expect(qty.stderr).toContain("Column D ('Qty') does not hold part numbers");
});
