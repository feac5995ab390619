import { DEMO_KEY, HOSTILE_PARTNOS } from '../../emulator';
import { assessRisk } from '../../core/cells/risk';
import { enrichSelection } from '../../src/sheets/enrich';
import { PAYLOAD_LIMIT_BYTES } from '../../core/tables/chunks';
import type { ProductRecord } from '../../api/product';
import { freshWorkbook, useRig, type Rig } from './helpers';
import { reportOf, firstSet, changedSheetRows, problemSheetRows } from '../support/enrichment-report';

const rig = useRig();

const TODAY = new Date(2025, 5, 15);
const deps = (r: Rig) => ({ run: r.excel.run, client: r.client, now: () => TODAY });

function messyBom(r: Rig): { exact: string; base: string; hostile: string } {
  const catalog = rig.emulator.catalog;
  const exact = catalog.byGroup.SMD.find((p) => p.values.Status === 'NRND')!.values.Partno as string;
  const base = catalog.byGroup.Ind[0].values.PartnoWithoutPackageCode as string;
  const hostile = HOSTILE_PARTNOS[0];
  r.excel.setCells('Sheet1', 'A1', [
    ['Project BOM rev 3', '', '', '', ''],
    ['Ref', 'Description', 'Mfr Part #', 'Qty', 'Buyer notes'],
    ['C1', 'decoupling', exact, 10, 'keep'],
    ['L1', 'choke', base, 2, ''],
    ['C2', 'hostile', hostile, 1, ''],
    ['X1', 'unknown', 'ZZZQ99999999', 1, ''],
    ['X2', 'empty', '', 1, ''],
    ['C3', 'copied from web', `${exact}#`, 4, ''],
    ['X3', 'impossible', 'AB|CD', 1, ''],
  ]);
  r.excel.model.setStyle(r.excel.model.sheet('Sheet1'), 3, 3, { fill: '#FFFF00', bold: true });
  r.excel.select('Sheet1', 'B4');
  return { exact, base, hostile };
}

const snapshot = (r: Rig) => r.excel.formulas('Sheet1').map((row) => row.slice(0, 5));

test('enrichment of a messy BOM: statuses, values, risk with highlights, hostile text, untouched user cells', async () => {
  const r = freshWorkbook(rig);
  const { exact, hostile } = messyBom(r);
  const before = snapshot(r);
  const result = reportOf(await enrichSelection(deps(r), { fields: [{ field: 'Capacitance', unit: 'nF' }, 'Status', 'ProductName', 'ProductDetailUrl'], risk: true, alternatives: true }));
  expect(result.status).toBe('done');
  expect(result.bom.layout).toMatchObject({ headerRow: 1, partColumn: 2, firstRow: 2, lastRow: 8 });
  const values = r.excel.values('Sheet1');
  expect(values[1].slice(5)).toEqual(['PartSpec: Match', 'PartSpec: Capacitance (nF)', 'PartSpec: Status', 'PartSpec: Product name', 'PartSpec: Product page', 'PartSpec: Risk', 'PartSpec: Alternatives']);
  expect(values.slice(2).map((row) => row[5])).toEqual(['Exact', 'Variant', 'Exact', 'Not found', '', 'Exact', 'Invalid']);
  expect(firstSet(result).tally.counts).toEqual({ exact: 3, variant: 1, ambiguous: 0, notFound: 1, invalid: 1, blank: 1 });
  expect(problemSheetRows(result)).toEqual([6, 9]);

  const source = rig.emulator.catalog.byPartno.get(exact)!;
  const record: ProductRecord = { group: source.group, partno: exact, values: source.values };
  expect(values[2][6]).toBeCloseTo((source.values['Specs.Capacitance'] as number) * 1e9, 6);
  expect(values[2][7]).toBe('NRND');
  expect(values[2][10]).toBe(assessRisk(record, TODAY).level);
  expect(values[7].slice(6, 11)).toEqual(values[2].slice(6, 11));
  expect(values[2][9]).toMatch(/^https?:\/\/.*\/products\//);
  expect(r.excel.cell('Sheet1', 'J3')?.hyperlink?.address).toBe(values[2][9]);
  expect(r.excel.highlight('Sheet1', 'K3')).toBe('#FFEB9C');
  expect(r.excel.highlight('Sheet1', 'F6')).toBe('#FFC7CE');
  // One rule in Excel and in the command line's files: the cell's value equals the label.
  expect(r.excel.conditionalFormats('Sheet1').every((cf) => cf.type === 'CellValue' && cf.rule.operator === 'EqualTo')).toBe(true);
  r.excel.setCells('Sheet1', 'K4', [['Risk assessed']]);
  expect(r.excel.highlight('Sheet1', 'K4')).toBeUndefined();

  const hostileName = rig.emulator.catalog.byPartno.get(hostile)!.values.ProductName;
  expect(values[4][8]).toBe(hostileName);
  expect(r.excel.formulaCells()).toEqual([]);
  expect(snapshot(r)).toEqual(before);
  expect(r.excel.cell('Sheet1', 'D4')).toMatchObject({ fill: '#FFFF00', bold: true });
});

test('a re-run updates the same columns in place: no duplicates, other cells and formats untouched', async () => {
  const r = freshWorkbook(rig);
  messyBom(r);
  reportOf(await enrichSelection(deps(r), { fields: ['Capacitance', 'Status'], risk: true }));
  r.excel.setCells('Sheet1', 'I3', [['my own note']]);
  r.excel.model.setStyle(r.excel.model.sheet('Sheet1'), 2, 8, { fill: '#00FF00' });
  const before = snapshot(r);
  const cfCount = r.excel.conditionalFormats('Sheet1').length;
  const second = reportOf(await enrichSelection(deps(r), { fields: [{ field: 'Capacitance', unit: 'pF' }, 'Status'], risk: true }));
  // Every column is updated in place; the re-run adds only 'PartSpec: Changes', empty: the same
  // capacitance in pF is no change.
  expect(second.columns.map((c) => c.existing)).toEqual([true, true, true, true, false]);
  const headers = r.excel.values('Sheet1')[1];
  expect(headers).toEqual(['Ref', 'Description', 'Mfr Part #', 'Qty', 'Buyer notes', 'PartSpec: Match', 'PartSpec: Capacitance (pF)', 'PartSpec: Status', 'PartSpec: Risk', 'PartSpec: Changes']);
  expect(r.excel.values('Sheet1').slice(2).map((row) => row[9])).toEqual(['', '', '', '', '', '', '']);
  expect(changedSheetRows(second)).toEqual([]);
  expect(r.excel.conditionalFormats('Sheet1')).toHaveLength(cfCount);
  expect(snapshot(r)).toEqual(before);
  expect(r.excel.cell('Sheet1', 'D4')).toMatchObject({ fill: '#FFFF00' });
});

test('formulas mode writes PART formulas that reference the part cell and never the key', async () => {
  const r = freshWorkbook(rig);
  messyBom(r);
  const result = reportOf(await enrichSelection(deps(r), { fields: [{ field: 'Capacitance', unit: 'nF' }, 'Status'], risk: true, mode: 'formulas' }));
  expect(result.status).toBe('done');
  const formulas = r.excel.formulas('Sheet1');
  expect(formulas[2].slice(5)).toEqual(['Exact', '=PART.SPEC(C3,"Capacitance","nF")', '=PART.SPEC(C3,"Status")', '=PART.RISK(C3)']);
  expect(formulas[6].slice(5)).toEqual(['', '', '', '']);
  const cells = r.excel.formulaCells('Sheet1');
  expect(cells.length).toBe(6 * 3);
  expect(cells.every((c) => c.formula.startsWith('=PART.') && !c.formula.includes(DEMO_KEY))).toBe(true);
});

test('a BOM that is a table gets its columns inside the table', async () => {
  const r = freshWorkbook(rig);
  const parts = rig.emulator.catalog.byGroup.Lead.slice(0, 5).map((p) => p.values.Partno as string);
  r.excel.setCells('Sheet1', 'B2', [['MPN', 'Qty'], ...parts.map((p) => [p, 1])]);
  r.excel.addTable('Sheet1', 'B2:C7', 'Bom');
  r.excel.setCells('Sheet1', 'E2', [['outside']]);
  r.excel.select('Sheet1', 'B4');
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], risk: true }));
  expect(result.status).toBe('done');
  expect(r.excel.tables()[0]).toMatchObject({ name: 'Bom', address: 'B2:F7', headers: ['MPN', 'Qty', 'PartSpec: Match', 'PartSpec: Status', 'PartSpec: Risk'] });
  expect(r.excel.values('Sheet1')[1][7]).toBe('outside');
  reportOf(await enrichSelection(deps(r), { fields: ['Status'], risk: true }));
  // The re-run adds 'PartSpec: Changes' inside the table; a third run adds nothing.
  expect(r.excel.tables()[0]).toMatchObject({ address: 'B2:G7', headers: ['MPN', 'Qty', 'PartSpec: Match', 'PartSpec: Status', 'PartSpec: Risk', 'PartSpec: Changes'] });
  reportOf(await enrichSelection(deps(r), { fields: ['Status'], risk: true }));
  expect(r.excel.tables()[0].address).toBe('B2:G7');
});

test('a failed lookup says why once, in the result; no cell is written', async () => {
  const r = freshWorkbook(rig, 'wrong-key');
  messyBom(r);
  const before = r.excel.values('Sheet1');
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], risk: true }));
  expect(result.status).toBe('failed');
  expect(result.message).toMatch(/key/i);
  expect(r.excel.values('Sheet1')).toEqual(before);
});

test('a 10,000-row BOM is enriched with every payload under 5 MB', async () => {
  const r = freshWorkbook(rig, DEMO_KEY, {});
  const parts = rig.emulator.catalog.byGroup.SMD.slice(0, 10000).map((p) => [p.values.Partno as string]);
  r.excel.setCells('Sheet1', 'A1', [['Part Number'], ...parts]);
  r.excel.select('Sheet1', 'A1');
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Capacitance', 'RatedVoltage', 'Status', 'SizecodeInch'], risk: true }));
  expect(result.status).toBe('done');
  expect(firstSet(result).tally.counts).toEqual({ exact: 10000, variant: 0, ambiguous: 0, notFound: 0, invalid: 0, blank: 0 });
  expect(Math.max(...r.excel.payloadSizes())).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  expect(r.excel.values('Sheet1')[10000][1]).toBe('Exact');
}, 60000);
