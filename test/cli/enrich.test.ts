import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { DEMO_KEY, HOSTILE_STRINGS, type CatalogProduct } from '../../emulator';
import type { ProductRecord } from '../../api';
import { assessRisk } from '../../core/cells/risk';
import { columnOf, formulaCells, readXlsx, rowTexts, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const env = { PARTSPEC_API_KEY: DEMO_KEY };

const partnoOf = (p: CatalogProduct): string => p.values.Partno as string;
const recordOf = (p: CatalogProduct): ProductRecord => ({ group: p.group, partno: partnoOf(p), values: p.values });

/** Parts of the catalog with the traits the BOM needs. */
function pickParts() {
  const smd = world.emulator.catalog.byGroup.SMD;
  const dated = smd.find((p) => p.values.LastBuyDate && p.values.Status === 'Discontinued' && Array.isArray(p.values.AlternativePartno))!;
  const nrnd = smd.find((p) => p.values.Status === 'NRND' && !p.values.LastBuyDate)!;
  return { dated, nrnd };
}

/** Ranges with conditional formats (ExcelJS keeps them on the sheet; its types do not say so). */
function highlightRefs(sheet: ExcelJS.Worksheet): string[] {
  return (sheet as unknown as { conditionalFormattings: ExcelJS.ConditionalFormattingOptions[] }).conditionalFormattings.map((cf) => cf.ref).sort();
}

const FIELDS = 'Status,ProductName,Capacitance:nF,LastBuyDate,Rohs,SpecificationsSheet';
/** Header row of the BOM sheet (1-based) and its first part row. */
const HEADER_ROW = 3;

/**
 * A BOM as people keep them: a title above the header, a second sheet with a formula, a styled
 * cell, a note right of the table, a blank row, part numbers in odd case and spacing.
 */
async function writeMessyBom(file: string): Promise<{ parts: { row: number; input: string; product?: CatalogProduct; match: string }[] }> {
  const { dated, nrnd } = pickParts();
  const hostile = world.emulator.catalog.byPartno.get('MCS18R71H104KZ9D')!;
  const hostile2 = world.emulator.catalog.byPartno.get('MCS15R61A105KZ9D')!;
  const workbook = new ExcelJS.Workbook();
  const notes = workbook.addWorksheet('Notes');
  notes.getCell('A1').value = 'Budget';
  notes.getCell('B2').value = 3;
  notes.getCell('B3').value = 4;
  notes.getCell('B4').value = { formula: 'SUM(B2:B3)', result: 7 };
  const bom = workbook.addWorksheet('BOM');
  bom.getCell('A1').value = 'Project Falcon — BOM rev C';
  bom.getCell('A1').font = { bold: true, size: 14 };
  bom.getCell('F1').value = 'checked by: AB';
  bom.getRow(HEADER_ROW).values = ['Ref', 'Qty', 'Mfr Part #', 'Description'];
  const parts = [
    { input: partnoOf(hostile), product: hostile, match: 'Exact' },
    { input: ` ${(hostile2.values.PartnoWithoutPackageCode as string).toLowerCase()} `, product: hostile2, match: 'Variant' },
    { input: partnoOf(dated), product: dated, match: 'Exact' },
    { input: '', match: '' },
    { input: partnoOf(nrnd), product: nrnd, match: 'Exact' },
    { input: 'XYZ-NOT-A-PART', match: 'Not found' },
    { input: 'A|B', match: 'Invalid' },
    { input: 'MCS18', match: 'Ambiguous' },
  ].map((p, i) => ({ ...p, row: HEADER_ROW + 1 + i }));
  for (const p of parts) {
    if (p.input === '') continue;
    bom.getRow(p.row).values = [`C${p.row}`, p.row * 2, p.input, `part ${p.row}`];
  }
  bom.getCell(`B${HEADER_ROW + 1}`).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
  await workbook.xlsx.writeFile(file);
  return { parts };
}

describe('partspec enrich (xlsx)', () => {
  test('adds the add-in columns, keeps everything else, keeps hostile text as text, and re-runs in place', async () => {
    const input = join(world.home, 'bom.xlsx');
    const output = join(world.home, 'bom-enriched.xlsx');
    const { parts } = await writeMessyBom(input);
    const before = await readXlsx(input);

    const run = await runCliInProcess(['enrich', input, '--fields', FIELDS, '--risk', '--alternatives', '--out', output, '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(1);
    const notFound = parts.find((p) => p.match === 'Not found')!;
    const invalid = parts.find((p) => p.match === 'Invalid')!;
    // Not in the maker's numbering: counted in the summary, not named (another maker's part, most likely).
    expect(run.stderr).not.toContain('XYZ-NOT-A-PART');
    expect(notFound.row).toBeGreaterThan(0);
    expect(run.stderr).toContain(`Row ${invalid.row}: 'A|B' is invalid: `);
    expect(run.stderr).toMatch(/8 rows: 3 exact, 1 variant, 1 ambiguous, 1 not found \(1 not in Murata's numbering\), 1 invalid, 1 blank\./);

    const workbook = await readXlsx(output);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Notes', 'BOM']);
    expect(formulaCells(workbook)).toEqual(['Notes!B4']);
    expect(JSON.stringify(workbook.getWorksheet('Notes')!.getSheetValues())).toBe(JSON.stringify(before.getWorksheet('Notes')!.getSheetValues()));
    const sheet = workbook.getWorksheet('BOM')!;
    const original = before.getWorksheet('BOM')!;
    original.eachRow((row, n) => row.eachCell((cell) => expect(sheet.getCell(n, Number(cell.col)).value).toEqual(cell.value)));
    expect(sheet.getCell(`B${HEADER_ROW + 1}`).fill).toEqual(original.getCell(`B${HEADER_ROW + 1}`).fill);
    expect(sheet.getCell('A1').font).toMatchObject({ bold: true, size: 14 });

    const headers = rowTexts(sheet, HEADER_ROW);
    const added = ['Match', 'Status', 'Product name', 'Capacitance (nF)', 'Last buy date', 'RoHS', 'Specification sheet', 'Risk', 'Alternatives'].map((h) => `PartSpec: ${h}`);
    // Appended right of everything in use (the note in F1), in the add-in's order.
    expect(headers.slice(6)).toEqual(added);
    const col = (h: string): number => columnOf(sheet, HEADER_ROW, `PartSpec: ${h}`);
    const today = new Date();
    for (const p of parts) {
      const cell = (h: string): ExcelJS.Cell => sheet.getCell(p.row, col(h));
      expect(cell('Match').value ?? '').toBe(p.match);
      if (!p.product || p.match === 'Ambiguous') continue;
      const v = p.product.values;
      expect(cell('Status').value).toBe(v.Status);
      expect(cell('Product name').value).toBe(v.ProductName);
      expect(cell('Capacitance (nF)').value).toBeCloseTo((v['Specs.Capacitance'] as number) * 1e9, 9);
      expect(cell('RoHS').value).toBe(v['ComplianceInfo.Rohs']);
      expect((cell('Specification sheet').value as ExcelJS.CellHyperlinkValue).hyperlink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(cell('Risk').value).toBe(assessRisk(recordOf(p.product), today).level);
      if (v.LastBuyDate) {
        expect((cell('Last buy date').value as Date).toISOString().slice(0, 10)).toBe(v.LastBuyDate);
        expect(cell('Last buy date').numFmt).toBe('yyyy-mm-dd');
      }
      if (Array.isArray(v.AlternativePartno)) expect(cell('Alternatives').value).toBe(v.AlternativePartno.join(', '));
    }
    const hostileRow = parts[0].row;
    expect(sheet.getCell(hostileRow, col('Product name')).value).toBe(HOSTILE_STRINGS.hyperlink);
    expect(sheet.getCell(hostileRow, col('Product name')).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell(parts[1].row, col('Product name')).value).toBe(HOSTILE_STRINGS.plusSum);
    expect(sheet.getCell(parts[2].row, col('Risk')).value).toBe('EOL');
    const refs = highlightRefs(sheet);
    expect(refs).toEqual([`G${HEADER_ROW + 1}:G${HEADER_ROW + 8}`, `N${HEADER_ROW + 1}:N${HEADER_ROW + 8}`]);

    // Again on its own output, with another unit: the same columns, updated in place.
    const again = join(world.home, 'bom-again.xlsx');
    const rerun = await runCliInProcess(['enrich', output, '--fields', FIELDS.replace('Capacitance:nF', 'Capacitance:pF'), '--risk', '--alternatives', '--out', again, '--base-url', world.emulator.url], { home: world.home, env });
    expect(rerun.code).toBe(1);
    // The re-run adds only 'PartSpec: Changes', empty: the same capacitance in pF is no change.
    expect(rerun.stderr).toContain('10 columns (9 updated in place)');
    expect(rerun.stderr).toContain('0 rows changed since the last run.');
    const second = (await readXlsx(again)).getWorksheet('BOM')!;
    expect(rowTexts(second, HEADER_ROW)).toEqual([...headers.slice(0, 6), ...added.map((h) => h.replace('(nF)', '(pF)')), 'PartSpec: Changes']);
    expect(second.getCell(parts[2].row, col('Capacitance (nF)')).value).toBeCloseTo((parts[2].product!.values['Specs.Capacitance'] as number) * 1e12, 6);
    expect(highlightRefs(second)).toEqual(refs);
    expect(formulaCells(await readXlsx(again))).toEqual(['Notes!B4']);
  });
});

describe('partspec enrich (csv)', () => {
  test('enriches a CSV BOM, neutralizes formula-looking text it writes, keeps the BOM cells, and re-runs in place', async () => {
    const { dated } = pickParts();
    const input = join(world.home, 'bom.csv');
    const output = join(world.home, 'bom-enriched.csv');
    const rows = [
      ['Designator', 'MPN', 'Comment'],
      ['C1', 'MCS18R71H104KZ9D', '=keep me'],
      ['C2', partnoOf(dated), '0805'],
      ['C3', 'GRM-NOPE-12345', ''],
    ];
    writeFileSync(input, Papa.unparse(rows));
    const run = await runCliInProcess(['enrich', input, '--fields', 'ProductName,LastBuyDate', '--risk', '--out', output, '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(1);
    // In the maker's numbering but not found (a typo, most likely): named.
    expect(run.stderr).toContain("Row 4: 'GRM-NOPE-12345' not found\n");
    expect(run.stderr).toMatch(/3 rows: 2 exact, 0 variant, 0 ambiguous, 1 not found, 0 invalid, 0 blank\./);
    const parse = (file: string): string[][] => Papa.parse<string[]>(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const out = parse(output);
    expect(out[0]).toEqual(['Designator', 'MPN', 'Comment', 'PartSpec: Match', 'PartSpec: Product name', 'PartSpec: Last buy date', 'PartSpec: Risk']);
    expect(out.map((r) => r.slice(0, 3))).toEqual(rows);
    expect(out[1].slice(3)).toEqual(['Exact', `'${HOSTILE_STRINGS.hyperlink}`, '', 'OK']);
    expect(out[2].slice(3)).toEqual(['Exact', dated.values.ProductName, dated.values.LastBuyDate, 'EOL']);
    expect(out[3].slice(3)).toEqual(['Not found', '', '', '']);

    const again = join(world.home, 'bom-again.csv');
    const rerun = await runCliInProcess(['enrich', output, '--fields', 'ProductName,LastBuyDate', '--risk', '--out', again, '--base-url', world.emulator.url], { home: world.home, env });
    expect(rerun.code).toBe(1);
    // The same columns in place, plus an empty 'PartSpec: Changes': nothing changed.
    expect(parse(again)).toEqual(out.map((r, i) => [...r, i === 0 ? 'PartSpec: Changes' : '']));
  });
});

describe('partspec enrich (rows not fitted)', () => {
  test("a row whose DNP mark the user removed is looked up on the re-run, though its Match cell still reads 'Not fitted'", async () => {
    const { dated } = pickParts();
    const input = join(world.home, 'dnp.csv');
    const parse = (file: string): string[][] => Papa.parse<string[]>(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    writeFileSync(input, Papa.unparse([['Ref', 'MPN', 'Fit'], ['C1', partnoOf(dated), 'DNP']]));
    const first = await runCliInProcess(['enrich', input, '--fields', 'Status', '--out', input, '--base-url', world.emulator.url], { home: world.home, env });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/1 row: 0 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 0 blank; not looked up: 1 not fitted \(DNP\)\./);
    const enriched = parse(input);
    expect(enriched).toEqual([
      ['Ref', 'MPN', 'Fit', 'PartSpec: Match', 'PartSpec: Status'],
      ['C1', partnoOf(dated), 'DNP', 'Not fitted', ''],
    ]);

    // The part is fitted now: only the user's own column changes.
    writeFileSync(input, Papa.unparse([enriched[0], ['C1', partnoOf(dated), '', 'Not fitted', '']]));
    const rerun = await runCliInProcess(['enrich', input, '--fields', 'Status', '--out', input, '--base-url', world.emulator.url], { home: world.home, env });
    expect(rerun.stderr).toMatch(/1 row: 1 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 0 blank\./);
    expect(parse(input)[1].slice(0, 5)).toEqual(['C1', partnoOf(dated), '', 'Exact', dated.values.Status]);
  });
});

describe('partspec enrich (second sources)', () => {
  test('--fail-on eol names an EOL second source with its column', async () => {
    const { dated, nrnd } = pickParts();
    const input = join(world.home, 'second-source.csv');
    writeFileSync(input, Papa.unparse([['Ref', 'MPN', 'MPN2'], ['C1', partnoOf(nrnd), partnoOf(dated)]]));
    const run = await runCliInProcess(['enrich', input, '--column', 'MPN', '--column', 'MPN2', '--fields', 'Status', '--fail-on', 'eol', '--out', input, '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`Row 2 (MPN2): '${partnoOf(dated)}' is EOL: Status is Discontinued`);
    const out = Papa.parse<string[]>(readFileSync(input, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(out).toEqual([
      ['Ref', 'MPN', 'MPN2', 'PartSpec: Match', 'PartSpec: Status', 'PartSpec (MPN2): Match', 'PartSpec (MPN2): Status'],
      ['C1', partnoOf(nrnd), partnoOf(dated), 'Exact', 'NRND', 'Exact', 'Discontinued'],
    ]);
  });
});
