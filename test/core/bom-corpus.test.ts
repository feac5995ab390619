/**
 * The BOM corpus (test/fixtures/boms, built by build-boms.ts) read by the CLI's readers and
 * judged by the shared core: for each file, the sheet, header row and part-number column chosen,
 * whether the runner-up makes it a question, the rows not looked up and why, and the words the
 * summary line uses for them.
 */
import { join } from 'node:path';
import { openBom } from '../../node/files/bom';
import { columnLetters } from '../../core/address';
import { detectBomLayout, findAlternateColumns, type BomLayout } from '../../core/bom/bom';
import { countRowKinds, describeSkippedRows, type RowKind } from '../../core/bom/bom-rows';
import { planSets } from '../../core/enrich/enrich-sets';

const DIR = join(__dirname, '..', 'fixtures', 'boms');

interface Judged {
  sheet: string;
  layout: BomLayout;
  headers: unknown[];
  /** 1-based sheet row → kind, for the rows that are not parts to look up. */
  skipped: Record<number, RowKind>;
  notLookedUp: string;
  makerHeader?: string;
}

/** What `partspec enrich` and the add-in decide for a file: the first sheet whose part numbers are found. */
async function judge(file: string): Promise<Judged> {
  const bom = await openBom(join(DIR, file));
  for (const sheet of bom.sheetNames) {
    const values = bom.values(sheet);
    const found = detectBomLayout({ values, origin: { row: 0, column: 0 } });
    if (!found.ok) continue;
    const headers = values[found.headerRow] ?? [];
    const rows = Array.from({ length: found.lastRow - found.firstRow + 1 }, (_, i) => values[found.firstRow + i] ?? []);
    const [{ kinds, makerColumn: maker }] = planSets({ headers, headerOrigin: 0, lastColumn: headers.length - 1, rows }, found.partColumn, [], []);
    const skipped: Record<number, RowKind> = {};
    kinds.forEach((kind, i) => {
      if (kind !== 'part') skipped[found.firstRow + i + 1] = kind;
    });
    return { sheet, layout: found, headers, skipped, notLookedUp: describeSkippedRows(countRowKinds(kinds)), makerHeader: maker === undefined ? undefined : String(headers[maker]) };
  }
  throw new Error(`no sheet of ${file} has part numbers`);
}

const where = (j: Judged): { sheet: string; headerRow: number; column: string; header: string; lastRow: number } => ({
  sheet: j.sheet,
  headerRow: j.layout.headerRow + 1,
  column: columnLetters(j.layout.partColumn),
  header: String(j.headers[j.layout.partColumn] ?? ''),
  lastRow: j.layout.lastRow + 1,
});

test("KiCad's semicolon export with generic headers: Field2 by its content (not the footprints beside it), said in a note", async () => {
  const j = await judge('kicad-fields.csv');
  expect(where(j)).toEqual({ sheet: 'kicad-fields', headerRow: 1, column: 'D', header: 'Field2', lastRow: 9 });
  expect(j.layout.note).toBe("No header names the part numbers; column D ('Field2') holds them from D2 on, so PartSpec used it.");
  expect(j.layout.ambiguous).toBe(false);
  expect(j.layout.candidates.map((c) => c.header)).toEqual(['Field2']);
  expect(j.skipped).toEqual({});
  expect(j.notLookedUp).toBe('');
});

test('Altium: past a 14-line title block, the part numbers one column right of their header are used, with a sentence; Not populated is DNP', async () => {
  const j = await judge('altium-title-block.xlsx');
  expect(where(j)).toEqual({ sheet: 'Sensor board', headerRow: 15, column: 'E', header: '', lastRow: 21 });
  expect(j.layout.note).toBe("'Part Number' (column D) is almost empty and the part numbers are in column E beside it, so PartSpec used column E.");
  expect(j.layout.candidates.map((c) => [columnLetters(c.column), c.header])).toEqual([
    ['E', ''],
    ['D', 'Part Number'],
  ]);
  expect(j.layout.ambiguous).toBe(false);
  expect(j.skipped).toEqual({ 18: 'dnp' });
  expect(j.notLookedUp).toBe('1 not fitted (DNP)');
});

test("EasyEDA's UTF-16 TSV: 'Manufacturer Part', LCSC numbers beside it ignored, other makers by the Manufacturer column in its spellings", async () => {
  const j = await judge('easyeda.tsv');
  expect(where(j)).toEqual({ sheet: 'easyeda', headerRow: 1, column: 'F', header: 'Manufacturer Part', lastRow: 8 });
  expect(j.layout.ambiguous).toBe(false);
  expect(j.makerHeader).toBe('Manufacturer');
  // SAMSUNG(三星) and YAGEO(国巨) are other makers; MURATA(村田), muRata(村田), 村田 Murata, Murata Electronics are ours.
  expect(j.skipped).toEqual({ 4: 'otherMaker', 8: 'otherMaker' });
  expect(j.notLookedUp).toBe("2 other makers' parts");
});

test("Kitspace's 58-column TSV: MPN, its MPN_2…MPN_5 second sources offered but never rivals, Digi-Key and Mouser columns ignored", async () => {
  const j = await judge('kitspace-1-click.tsv');
  expect(j.headers).toHaveLength(58);
  expect(where(j)).toEqual({ sheet: 'kitspace-1-click', headerRow: 1, column: 'E', header: 'MPN', lastRow: 7 });
  expect(j.layout.ambiguous).toBe(false);
  expect(j.layout.candidates.map((c) => c.header)).toEqual(['MPN', 'MPN_2', 'MPN_3', 'MPN_4', 'MPN_5']);
  expect(findAlternateColumns(j.headers, j.layout.partColumn).map(columnLetters)).toEqual(['G', 'I', 'K', 'M']);
  expect(j.skipped).toEqual({});
});

test('an assembly-house template: the header below a title row, marked with * and spaces; MPN2…MPN5 mostly empty; a DNP remark', async () => {
  const j = await judge('assembly-template.xlsx');
  expect(where(j)).toEqual({ sheet: 'BOM', headerRow: 2, column: 'E', header: '*MPN ', lastRow: 8 });
  expect(j.layout.ambiguous).toBe(false);
  expect(j.layout.candidates[0].samples).toEqual(['GRM155R71C104KA88D', 'GRM188R71H104KA93D', 'GRM188R61A106KE69D', 'LQH3NPN100MM0L', 'DFE322512F-2R2M=P2']);
  expect(j.skipped).toEqual({ 5: 'dnp' });
  expect(j.notLookedUp).toBe('1 not fitted (DNP)');
});

test("a Digi-Key cart: 'Part Number' holds Digi-Key's numbers, 'Manufacturer Part Number' wins, no question asked", async () => {
  const j = await judge('digikey-cart.csv');
  expect(where(j)).toMatchObject({ column: 'D', header: 'Manufacturer Part Number' });
  expect(j.layout.ambiguous).toBe(false);
  expect(j.layout.candidates.map((c) => c.header)).toEqual(['Manufacturer Part Number', 'Part Number']);
  expect(j.layout.candidates[1].score).toBeLessThan(j.layout.candidates[0].score / 2);
});

test("a Mouser cart: 'Mfr. #' over the distributor's 81-GRM… numbers; the Samsung row is another maker's", async () => {
  const j = await judge('mouser-cart.csv');
  expect(where(j)).toMatchObject({ column: 'B', header: 'Mfr. #' });
  expect(j.layout.note).toBeUndefined();
  expect(j.layout.candidates.map((c) => c.header)).toEqual(['Mfr. #', 'Customer #', 'Mouser #']);
  expect(j.skipped).toEqual({ 6: 'otherMaker' });
});

test('a Japanese workbook: the prose cover sheet is passed over; メーカー品番 (read without its phonetic run) beats the internal 品番; 未実装 is DNP', async () => {
  const j = await judge('japanese.xlsx');
  expect(where(j)).toEqual({ sheet: '部品表', headerRow: 4, column: 'E', header: 'メーカー品番', lastRow: 10 });
  expect(j.headers).toEqual(['No.', '品番', '部品名', 'メーカー', 'メーカー品番', '数量', '実装', '備考']);
  expect(j.layout.ambiguous).toBe(false);
  expect(j.makerHeader).toBe('メーカー');
  // 村田製作所, ムラタ, Murata and (株)村田製作所 are ours; TDK is not.
  expect(j.skipped).toEqual({ 7: 'otherMaker', 8: 'dnp' });
  expect(j.notLookedUp).toBe("1 not fitted (DNP), 1 other makers' part");
});

test('a Chinese workbook: 型号 over 规格 (values) and 料号 (internal numbers); grouped designators stay parts; 不贴 is DNP', async () => {
  const j = await judge('chinese.xlsx');
  expect(where(j)).toEqual({ sheet: '物料清单', headerRow: 1, column: 'E', header: '型号', lastRow: 7 });
  expect(j.layout.ambiguous).toBe(false);
  expect(j.makerHeader).toBe('厂家');
  expect(j.skipped).toEqual({ 4: 'otherMaker', 5: 'dnp' });
});

test('styled empty rows down to row 1,048,576 are not rows of the BOM; the total row at the bottom is a total row', async () => {
  const bom = await openBom(join(DIR, 'styled-to-last-row.xlsx'));
  expect(bom.values('BOM')).toHaveLength(6);
  const j = await judge('styled-to-last-row.xlsx');
  expect(where(j)).toEqual({ sheet: 'BOM', headerRow: 1, column: 'C', header: 'Part Number', lastRow: 6 });
  expect(j.skipped).toEqual({ 6: 'total' });
  expect(j.notLookedUp).toBe('1 total row');
});

test('a UTF-8 file with one Windows-1252 line is read as Windows-1252, with a note; Yageo is another maker', async () => {
  const notes: string[] = [];
  const bom = await openBom(join(DIR, 'legacy-cp1252.csv'), (n) => notes.push(n));
  expect(notes.join('\n')).toMatch(/is not UTF-8 text: read as Windows-1252/);
  expect(bom.values('legacy-cp1252')[5]?.[5]).toBe('Cap 0.1µF ±10% 50V');
  const j = await judge('legacy-cp1252.csv');
  expect(where(j)).toMatchObject({ column: 'E', header: 'Manufacturer Part Number', lastRow: 6 });
  expect(j.skipped).toEqual({ 5: 'otherMaker' });
});

test('a mixed BOM with a Manufacturer column: other makers, DNP and not fitted, a blank and a total row are told apart', async () => {
  const j = await judge('mixed-makers.csv');
  expect(where(j)).toMatchObject({ column: 'C', header: 'Manufacturer Part Number', lastRow: 14 });
  expect(j.skipped).toEqual({ 5: 'otherMaker', 6: 'otherMaker', 7: 'otherMaker', 8: 'otherMaker', 9: 'dnp', 10: 'dnp', 13: 'blank', 14: 'total' });
  expect(j.notLookedUp).toBe("2 not fitted (DNP), 1 total row, 4 other makers' parts");
});

test('a mixed BOM without a Manufacturer column: every row is looked up but the one marked Do not populate', async () => {
  const j = await judge('mixed-no-maker.csv');
  expect(where(j)).toMatchObject({ column: 'B', header: 'MPN', lastRow: 10 });
  expect(j.makerHeader).toBeUndefined();
  expect(j.skipped).toEqual({ 8: 'dnp' });
});

test("two columns both full of the maker's part numbers ('Part Number' and 'Mfr PN') are a question: the maker's header first", async () => {
  const j = await judge('close-columns.xlsx');
  expect(where(j)).toMatchObject({ column: 'C', header: 'Mfr PN' });
  expect(j.layout.ambiguous).toBe(true);
  expect(j.layout.candidates.map((c) => [columnLetters(c.column), c.header, c.samples.slice(0, 2)])).toEqual([
    ['C', 'Mfr PN', ['GRM188R71H104KA93D', 'GRM188R61A106KE69D']],
    ['B', 'Part Number', ['GRM155R71C104KA88D', 'GRM21BR61E106KA73L']],
  ]);
});
