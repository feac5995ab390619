/**
 * Import, Refresh and enrichment write numbers that read like a datasheet: each cell a number
 * whose format, rendered by numfmt (an implementation of Excel's formats PartSpec's writers do not
 * use), shows it in its own unit (0.51 pF, 100 pF, 4.7 nF, 22 nF, 10 µF) under a header naming no
 * unit; a chosen unit, and live formulas, keep one unit named in the header.
 */
import { format as renderExcel } from 'numfmt';
import { enrichSelection } from '../../src/sheets/enrich';
import { importProducts } from '../../src/sheets/import';
import { readImportRecords } from '../../src/sheets/deps';
import { refreshWorkbook } from '../../src/sheets/refresh';
import { depsOn, freshWorkbook, useRig, type Rig } from './helpers';
import { reportOf } from '../support/enrichment-report';
import { datasheetText } from '../support/datasheet-text';
import { VALUE_FIELDS, fieldLabel } from '../../api/vocabulary';

const rig = useRig();

const CAPACITANCES = [5.1e-13, 1e-10, 4.7e-9, 2.2e-8, 1e-5];
const READS = ['0.00051', '0.1', '4.7', '22', '10000'];
const STORED = [0.00051, 0.1, 4.7, 22, 10000];
/** The same capacitances as a workbook's datasheet cells hold and show them. */
const DATASHEET = { stored: [0.51, 100, 4700, 22000, 10000000], seen: ['0.51 pF', '100 pF', '4.7 nF', '22 nF', '10 µF'] };

function partsWith(capacitances: readonly number[]): string[] {
  return capacitances.map((c) => rig.emulator.catalog.byGroup.SMD.find((p) => p.values['Specs.Capacitance'] === c)!.values.Partno as string);
}

/** What a person sees in each cell of a column, from row `from` (0-based) down `count` rows. */
function seenColumn(r: Rig, sheet: string, column: number, from: number, count: number): { stored: unknown[]; seen: string[] } {
  const values = r.excel.values(sheet);
  const formats = r.excel.numberFormats(sheet);
  const stored: unknown[] = [];
  const seen: string[] = [];
  for (let i = from; i < from + count; i++) {
    stored.push(values[i][column]);
    seen.push(typeof values[i][column] === 'number' ? renderExcel(formats[i][column], values[i][column]) : String(values[i][column]));
  }
  return { stored, seen };
}

test('an import writes 0.51 pF … 10 µF, each in its own unit, under Capacitance; Refresh keeps them and a chosen unit', async () => {
  const r = freshWorkbook(rig);
  const filter = `Partno eq '${partsWith(CAPACITANCES).join('|')}'`;
  const result = await importProducts(depsOn(r), {
    query: { category: 'ceramicCapacitorsSMD', filter, orderby: 'Capacitance' },
    fields: ['Capacitance', 'Length', { field: 'RatedVoltage', unit: 'kV' }],
  });
  expect(result.status).toBe('done');
  const sheet = result.sheetName!;
  const [table] = r.excel.tables();
  expect(table.headers).toEqual(['Part number', 'Capacitance', 'Length', 'Rated voltage (kV)']);
  expect(seenColumn(r, sheet, 1, 2, CAPACITANCES.length)).toEqual(DATASHEET);
  const lengths = seenColumn(r, sheet, 2, 2, CAPACITANCES.length);
  expect(lengths.seen).toEqual(lengths.stored.map((v) => `${String(v)} mm`));
  expect(lengths.stored.every((v) => typeof v === 'number' && v > 0.1 && v < 10)).toBe(true);

  expect(readImportRecords(r.settings)[result.tableName!].fields).toEqual(['Capacitance', 'Length', { field: 'RatedVoltage', unit: 'kV' }]);
  r.excel.setCells(sheet, 'B3', [['edited']]);
  const refreshed = await refreshWorkbook(depsOn(r));
  expect(refreshed.imports[result.tableName!].status).toBe('done');
  expect(r.excel.tables()[0].headers).toEqual(['Part number', 'Capacitance', 'Length', 'Rated voltage (kV)']);
  expect(seenColumn(r, sheet, 1, 2, CAPACITANCES.length).seen).toEqual(DATASHEET.seen);
  const volts = seenColumn(r, sheet, 3, 2, CAPACITANCES.length).stored;
  expect(volts.every((v) => typeof v === 'number' && v < 1)).toBe(true);
});

test('enrichment as values reads like a datasheet under PartSpec: Capacitance; as live formulas, every cell is a number in the header\'s unit', async () => {
  for (const mode of ['values', 'formulas'] as const) {
    const r = freshWorkbook(rig);
    r.excel.setCells('Sheet1', 'A1', [['Part'], ...partsWith(CAPACITANCES).map((p) => [p])]);
    r.excel.select('Sheet1', 'A2');
    const result = reportOf(await enrichSelection({ run: r.excel.run, client: r.client }, { fields: ['Capacitance'], mode, highlight: false }));
    expect(result.status).toBe('done');
    expect(result.columns.map((c) => c.header)).toEqual(['PartSpec: Match', 'PartSpec: Capacitance (nF)']);
    const formats = r.excel.numberFormats('Sheet1');
    if (mode === 'formulas') {
      expect(r.excel.values('Sheet1')[0][2]).toBe('PartSpec: Capacitance (nF)');
      // In formulas mode the cells hold =PART.SPEC until Excel calculates: render the values they will show.
      expect(STORED.map((value, i) => renderExcel(formats[i + 1][2], value))).toEqual(READS);
      expect(r.excel.formulas('Sheet1')[2][2]).toBe('=PART.SPEC(A3,"Capacitance","nF")');
    } else {
      expect(r.excel.values('Sheet1')[0][2]).toBe('PartSpec: Capacitance');
      expect(seenColumn(r, 'Sheet1', 2, 1, CAPACITANCES.length)).toEqual(DATASHEET);
    }
  }
});

test('every numeric field reads as a datasheet writes it, in an enrichment and in an import, under headers naming no unit', async () => {
  const { SMD, Lead, Ind } = rig.emulator.catalog.byGroup;
  const parts = [...SMD.slice(0, 3), SMD.find((p) => (p.values['Specs.Capacitance'] as number) >= 1e-6)!, ...Lead.slice(0, 2), ...Ind.slice(0, 3), Ind.find((p) => (p.values['Specs.Inductance'] as number) >= 1e-6)!];
  const numeric = VALUE_FIELDS.filter((f) => f.unit);
  const units = new Set<string>();
  /** Checks the sheet's numeric columns under their headers (row `headerRow`), the parts from the next row on. */
  const check = (r: Rig, sheet: string, headerRow: number, header: (label: string) => string, rowOf: (partno: string) => number, fields = numeric): number => {
    const values = r.excel.values(sheet);
    const formats = r.excel.numberFormats(sheet);
    let checked = 0;
    for (const field of fields) {
      const at = values[headerRow].indexOf(header(fieldLabel(field)));
      expect([field.key, at >= 0]).toEqual([field.key, true]);
      for (const part of parts) {
        const si = part.values[field.key];
        const row = rowOf(part.values.Partno as string);
        if (row < 0 || typeof si !== 'number') continue;
        const text = renderExcel(formats[row][at], values[row][at] as number);
        expect([field.key, si, typeof values[row][at], text]).toEqual([field.key, si, 'number', datasheetText(si, field.unit!)]);
        units.add(text.replace(/^[-\d.]+ /, ''));
        checked++;
      }
    }
    return checked;
  };

  const r = freshWorkbook(rig);
  r.excel.setCells('Sheet1', 'A1', [['MPN'], ...parts.map((p) => [p.values.Partno as string])]);
  r.excel.select('Sheet1', 'A2');
  const result = reportOf(await enrichSelection({ run: r.excel.run, client: r.client }, { fields: numeric.map((f) => f.key), highlight: false }));
  expect(result.status).toBe('done');
  const partnos = parts.map((p) => p.values.Partno as string);
  expect(check(r, 'Sheet1', 0, (label) => `PartSpec: ${label}`, (partno) => partnos.indexOf(partno) + 1)).toBeGreaterThan(numeric.length);

  const inductors = [...Ind.slice(0, 3), parts[parts.length - 1]];
  const fields = numeric.filter((f) => inductors.some((p) => typeof p.values[f.key] === 'number'));
  const imported = await importProducts(depsOn(r), { query: { category: 'inductors', filter: `Partno eq '${inductors.map((p) => p.values.Partno as string).join('|')}'` }, fields: fields.map((f) => f.key) });
  expect(imported.status).toBe('done');
  const sheet = imported.sheetName!;
  const rowsOf = r.excel.values(sheet).map((row) => row[0]);
  expect(check(r, sheet, 1, (label) => label, (partno) => rowsOf.indexOf(partno), fields)).toBeGreaterThan(fields.length);
  for (const unit of ['pF', 'nF', 'µF', 'nH', 'µH']) expect(units).toContain(unit);
});
