/**
 * What a header says is what its cells are: for every field an enrichment can write, in CSV the
 * unit in the header is the unit of every number under it; in a workbook every number reads as a
 * datasheet writes it (100 pF, 4.7 nF, 10 µF, 100 nH, 2.2 µH), rendered from the cell's number and
 * format by numfmt, under a header naming no unit. The BOM holds parts of every group, so every
 * numeric field has values; each cell is compared with the catalog's SI value.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { format as renderExcel } from 'numfmt';
import { datasheetText } from '../support/datasheet-text';
import { parseDisplayUnit } from '../../api/units';
import { VALUE_FIELDS, fieldLabel } from '../../api/vocabulary';
import { DEMO_KEY, type CatalogProduct } from '../../emulator';
import { readXlsx, rowTexts, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const env = { PARTSPEC_API_KEY: DEMO_KEY };

/** A few parts of each group, as the BOM lists them. */
function bomParts(): CatalogProduct[] {
  const { SMD, Lead, Ind } = world.emulator.catalog.byGroup;
  // With a µF capacitor and a µH inductor, so the ladders' upper steps are read too.
  const microfarad = SMD.find((p) => (p.values['Specs.Capacitance'] as number) >= 1e-6)!;
  const microhenry = Ind.find((p) => (p.values['Specs.Inductance'] as number) >= 1e-6)!;
  return [...SMD.slice(0, 4), microfarad, ...Lead.slice(0, 3), ...Ind.slice(0, 4), microhenry];
}

function writeBom(file: string): CatalogProduct[] {
  const parts = bomParts();
  writeFileSync(file, `Ref,MPN\n${parts.map((p, i) => `X${i + 1},${p.values.Partno as string}`).join('\n')}\n`);
  return parts;
}

/** The unit a header names in its closing brackets (`PartSpec: Capacitance (nF)` → nF). */
const headerUnit = (header: string): string | undefined => /\(([^()]*)\)$/.exec(header)?.[1];

const ALL_FIELDS = VALUE_FIELDS.map((f) => f.key).join(',');
const NUMERIC = VALUE_FIELDS.filter((f) => f.unit);

/** Checks every field column of a written table: rows[0] is the header, row i + 1 is parts[i]. */
function checkUnits(rows: readonly (readonly unknown[])[], parts: readonly CatalogProduct[]): number {
  const header = rows[0].map(String);
  let checked = 0;
  for (const field of VALUE_FIELDS) {
    const base = `PartSpec: ${fieldLabel(field)}`;
    const at = header.findIndex((h) => h === base || h.startsWith(`${base} (`));
    expect(at).toBeGreaterThanOrEqual(0);
    const unitText = headerUnit(header[at]);
    if (!field.unit) {
      expect([header[at], unitText]).toEqual([header[at], undefined]);
      continue;
    }
    const unit = parseDisplayUnit(unitText ?? '');
    expect([field.key, unit?.unit]).toEqual([field.key, field.unit]);
    parts.forEach((part, i) => {
      const si = part.values[field.key];
      const cell = rows[i + 1][at];
      if (typeof si !== 'number') return expect([field.key, cell]).toEqual([field.key, '']);
      const value = Number(cell);
      expect(Math.abs(value * unit!.factor - si)).toBeLessThanOrEqual(Math.abs(si) * 1e-9);
      checked++;
    });
  }
  return checked;
}

test('enrich to xlsx: every number reads as a datasheet writes it, under a header naming no unit', async () => {
  const input = join(world.home, 'units.csv');
  const out = join(world.home, 'units.xlsx');
  const parts = writeBom(input);
  const run = await runCliInProcess(['enrich', input, '--fields', ALL_FIELDS, '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const sheet = (await readXlsx(out)).worksheets[0];
  const header = rowTexts(sheet, 1);
  let checked = 0;
  const seenUnits = new Set<string>();
  for (const field of VALUE_FIELDS) {
    const at = header.indexOf(`PartSpec: ${fieldLabel(field)}`);
    // Every field's header is its name alone: a numeric one names no unit, as its cells name their own.
    expect([field.key, at >= 0]).toEqual([field.key, true]);
    if (!field.unit) continue;
    parts.forEach((part, i) => {
      const si = part.values[field.key];
      const cell = sheet.getRow(i + 2).getCell(at + 1);
      if (typeof si !== 'number') return expect([field.key, cell.value ?? '']).toEqual([field.key, '']);
      expect([field.key, typeof cell.value]).toEqual([field.key, 'number']);
      const text = renderExcel(cell.numFmt, cell.value);
      expect([field.key, si, text]).toEqual([field.key, si, datasheetText(si, field.unit!)]);
      seenUnits.add(text.replace(/^[-\d.]+ /, ''));
      checked++;
    });
  }
  expect(checked).toBeGreaterThan(NUMERIC.length);
  // The catalog's parts span the ladders: pF, nF and µF capacitors, nH and µH inductors.
  for (const unit of ['pF', 'nF', 'µF', 'nH', 'µH']) expect(seenUnits).toContain(unit);
});

test('xlsx cells read 100 pF, 4.7 nF, 10 µF, 100 nH, 2.2 µH', async () => {
  const { SMD, Ind } = world.emulator.catalog.byGroup;
  const wanted: [string, number][] = [['Specs.Capacitance', 1e-10], ['Specs.Capacitance', 4.7e-9], ['Specs.Capacitance', 1e-5], ['Specs.Inductance', 1e-7], ['Specs.Inductance', 2.2e-6]];
  const parts = wanted.map(([key, si]) => [...SMD, ...Ind].find((p) => p.values[key] === si)!);
  const input = join(world.home, 'datasheet.csv');
  const out = join(world.home, 'datasheet.xlsx');
  writeFileSync(input, `Ref,MPN\n${parts.map((p, i) => `X${i + 1},${p.values.Partno as string}`).join('\n')}\n`);
  const run = await runCliInProcess(['enrich', input, '--fields', 'Capacitance,Inductance', '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const sheet = (await readXlsx(out)).worksheets[0];
  const header = rowTexts(sheet, 1);
  const [cap, ind] = ['PartSpec: Capacitance', 'PartSpec: Inductance'].map((h) => header.indexOf(h) + 1);
  const read = wanted.map(([key], i) => {
    const cell = sheet.getRow(i + 2).getCell(key === 'Specs.Capacitance' ? cap : ind);
    return renderExcel(cell.numFmt, cell.value);
  });
  expect(read).toEqual(['100 pF', '4.7 nF', '10 µF', '100 nH', '2.2 µH']);
});

test('enrich to CSV: the same headers over the same numbers', async () => {
  const input = join(world.home, 'units-csv.csv');
  const out = join(world.home, 'units-out.csv');
  const parts = writeBom(input);
  const run = await runCliInProcess(['enrich', input, '--fields', ALL_FIELDS, '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const rows = Papa.parse<string[]>(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const checked = checkUnits(rows, parts);
  expect(checked).toBeGreaterThan(NUMERIC.length);
});

test('a chosen unit in --fields writes plain numbers in that unit, named by the header', async () => {
  const input = join(world.home, 'units-pf.csv');
  const out = join(world.home, 'units-pf-out.csv');
  const [part] = writeBom(input);
  const run = await runCliInProcess(['enrich', input, '--fields', 'Capacitance:PF', '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const rows = Papa.parse<string[]>(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const at = rows[0].indexOf('PartSpec: Capacitance (pF)');
  expect(Number(rows[1][at])).toBeCloseTo((part.values['Specs.Capacitance'] as number) * 1e12, 6);
});

test('lookup prints the numbers in the unit its header names', async () => {
  const part = world.emulator.catalog.byGroup.SMD.find((p) => p.values['Specs.Capacitance'] === 4.7e-9)!;
  const run = await runCliInProcess(['lookup', part.values.Partno as string, '--fields', 'Capacitance,Length', '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const [header, , row] = run.stdout.split('\n');
  expect(header).toMatch(/Capacitance \(nF\)\s+Length \(mm\)/);
  expect(row).toMatch(/\s4\.7\s/);
});
