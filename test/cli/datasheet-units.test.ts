/**
 * The command line's files read like a datasheet: xlsx cells hold numbers in the column's stored
 * unit with the same per-cell formats as the add-in, CSV headers name the stored unit and hold
 * plain numbers. xlsx formats are rendered with numfmt, which the command line does not use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format as renderExcel } from 'numfmt';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { columnOf, readXlsx, rowTexts, runCli, useEmulatorHome } from './helpers';

const world = useEmulatorHome();
const env = { PARTSPEC_API_KEY: DEMO_KEY };

/** Catalog parts with these capacitances (F), one each, as a person would look them up. */
function partsWith(capacitances: readonly number[]): string[] {
  return capacitances.map((c) => world.emulator.catalog.byGroup.SMD.find((p) => p.values['Specs.Capacitance'] === c)!.values.Partno as string);
}

const CAPACITANCES = [5.1e-13, 1e-10, 4.7e-9, 2.2e-8, 1e-5];
const READS = ['0.51 pF', '100 pF', '4.7 nF', '22 nF', '10 µF'];

test('search to xlsx: Capacitance (pF) holds numbers that read 100 pF, 4.7 nF, 10 µF; lengths in mm', async () => {
  const out = join(world.home, 'caps.xlsx');
  const filter = `Partno eq '${partsWith(CAPACITANCES).join('|')}'`;
  const run = await runCli(['search', '--category', 'ceramicCapacitorsSMD', '--filter', filter, '--orderby', 'Capacitance', '--fields', 'Capacitance,Length', '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.stderr).toMatch(/written/);
  expect(run.code).toBe(0);
  const sheet = (await readXlsx(out)).worksheets[0];
  expect(rowTexts(sheet, 1)).toEqual(['Partno', 'Capacitance (pF)', 'Length (mm)']);
  const cap = columnOf(sheet, 1, 'Capacitance (pF)');
  const stored: number[] = [];
  const seen: string[] = [];
  for (let r = 2; r <= CAPACITANCES.length + 1; r++) {
    const cell = sheet.getRow(r).getCell(cap);
    stored.push(cell.value as number);
    seen.push(renderExcel(cell.numFmt, cell.value));
  }
  expect(stored).toEqual([0.51, 100, 4700, 22000, 10000000]);
  expect(seen).toEqual(READS);
  const length = sheet.getRow(2).getCell(columnOf(sheet, 1, 'Length (mm)'));
  expect(typeof length.value).toBe('number');
  expect(renderExcel(length.numFmt, length.value)).toBe(String(length.value));
});

test('search to CSV: the header names the stored unit and the cells are plain numbers', async () => {
  const out = join(world.home, 'caps.csv');
  const filter = `Partno eq '${partsWith(CAPACITANCES).join('|')}'`;
  const run = await runCli(['search', '--category', 'ceramicCapacitorsSMD', '--filter', filter, '--orderby', 'Capacitance', '--fields', 'Capacitance', '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const [header, ...rows] = Papa.parse<string[]>(readFileSync(out, 'utf8').slice(1), { skipEmptyLines: true }).data;
  expect(header).toEqual(['Partno', 'Capacitance (pF)']);
  expect(rows.map((r) => r[1])).toEqual(['0.51', '100', '4700', '22000', '10000000']);
});

test('a chosen unit in --fields writes plain numbers in that unit, in xlsx as in CSV', async () => {
  const out = join(world.home, 'caps-nf.xlsx');
  const filter = `Partno eq '${partsWith([4.7e-9]).join('|')}'`;
  const run = await runCli(['search', '--category', 'ceramicCapacitorsSMD', '--filter', filter, '--fields', 'Capacitance:NF', '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const sheet = (await readXlsx(out)).worksheets[0];
  expect(rowTexts(sheet, 1)).toEqual(['Partno', 'Capacitance (nF)']);
  const cell = sheet.getRow(2).getCell(2);
  expect(cell.value).toBe(4.7);
  expect(renderExcel(cell.numFmt, cell.value)).toBe('4.7');
});

test('lookup prints datasheet values in the terminal table, as the cells show them', async () => {
  const [part] = partsWith([4.7e-9]);
  const run = await runCli(['lookup', part, '--fields', 'Capacitance,Length', '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const [header, , row] = run.stdout.split('\n');
  expect(header).toMatch(/Capacitance \(pF\)\s+Length \(mm\)/);
  expect(row).toContain('4.7 nF');
});
