import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';



import { NS } from '../../ooxml/namespaces';
import { SharedStrings } from '../../ooxml/shared-strings';
import { SharedFormulaError } from '../../ooxml/sheet-patch';
import { UnsafeWriteError, WorkbookPatch } from '../../ooxml/workbook-patch';



import { book, patched, text, write, TEXT_SPEC, URL_SPEC, MAIN, R, HEAD, SML, rels, SHEET } from './support/excel-book';

/* The patcher on packages Excel writes without some parts, in Strict Open XML, and the kinds it keeps or refuses. */

describe('packages Excel writes without some parts', () => {
  test('no shared strings part: it is created with its relationship and content type', () => {
    const sheet = SHEET.replace(/ t="s"><v>\d+<\/v>/g, '><v>1</v>');
    const out = patched(book({ shared: false, sheet }), [write(15, TEXT_SPEC, ['Exact'])]);
    expect(new SharedStrings(text(out.parts, 'xl/sharedStrings.xml')).strings).toEqual(['PartSpec: Match', 'Exact']);
    expect(text(out.parts, 'xl/_rels/workbook.xml.rels')).toContain(`Type="${R}/sharedStrings" Target="sharedStrings.xml"`);
    expect(text(out.parts, '[Content_Types].xml')).toContain(`<Override PartName="/xl/sharedStrings.xml" ContentType="${SML}.sharedStrings+xml"/>`);
  });

  test('no sheet relationships, no hyperlinks, no cols: each is created where it belongs', () => {
    const sheet = `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${R}"><dimension ref="A1:A2"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/><sheetData><row r="1"><c r="A1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>3</v></c></row></sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
    const input = book({ sheet, sheetRels: [] });
    const files = unzipSync(input);
    delete files['xl/worksheets/_rels/sheet1.xml.rels'];
    const out = patched(zipSync(files), [write(1, URL_SPEC, ['https://example.com/a'])]);
    const xml = text(out.parts, 'xl/worksheets/sheet1.xml');
    expect(xml).toContain('<sheetFormatPr defaultRowHeight="15"/><cols><col min="2" max="2" width="');
    expect(xml).toMatch(/<\/sheetData><hyperlinks><hyperlink ref="B2" r:id="rId1"\/><\/hyperlinks><pageMargins /);
    expect(text(out.parts, 'xl/worksheets/_rels/sheet1.xml.rels')).toContain('Target="https://example.com/a" TargetMode="External"');
  });

  test('a main namespace under a prefix (x:) gets prefixed elements', () => {
    const sheet = `${HEAD}<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>MPN</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    const out = patched(book({ sheet, sheetRels: [] }), [write(1, TEXT_SPEC, ['Exact'])]);
    expect(text(out.parts, 'xl/worksheets/sheet1.xml')).toMatch(/<x:c r="B1" s="\d+" t="s"><x:v>\d+<\/x:v><\/x:c><\/x:row><x:row r="2"><x:c r="B2"/);
  });
});

test('a Strict Open XML workbook gets its hyperlinks in its own relationship namespace, and a new part in its own SpreadsheetML', () => {
  const STRICT_R = NS.relationshipsStrict;
  const files = unzipSync(book({ shared: false }));
  for (const [path, bytes] of Object.entries(files)) {
    if (path.endsWith('.bin')) continue;
    files[path] = strToU8(strFromU8(bytes).split(`${R}`).join(STRICT_R).split(MAIN).join(NS.mainStrict));
  }
  const out = patched(zipSync(files), [write(16, URL_SPEC, ['https://example.com/a'])]);
  expect(text(out.parts, 'xl/worksheets/_rels/sheet1.xml.rels')).toContain(`Type="${STRICT_R}/hyperlink" Target="https://example.com/a" TargetMode="External"`);
  expect(text(out.parts, 'xl/worksheets/sheet1.xml')).toMatch(/<hyperlink ref="Q2" r:id="rId\d+"\/>/);
  expect(text(out.parts, 'xl/sharedStrings.xml')).toContain(`<sst xmlns="${NS.mainStrict}"`);
  expect(text(out.parts, 'xl/_rels/workbook.xml.rels')).toContain(`Type="${STRICT_R}/sharedStrings" Target="sharedStrings.xml"`);
});

describe('kinds and refusals', () => {
  test('a macro-enabled workbook written as .xlsx: the VBA project is left out and named, the workbook type changed', () => {
    const input = book({
      types: `<Override PartName="/xl/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"/>`,
      parts: { 'xl/_rels/workbook.xml.rels': rels([['rId1', 'worksheet', 'worksheets/sheet1.xml'], ['rId2', 'styles', 'styles.xml'], ['rId3', 'sharedStrings', 'sharedStrings.xml'], ['rId4', 'http://schemas.microsoft.com/office/2006/relationships/vbaProject', 'vbaProject.bin']]) },
    });
    const out = patched(input, [write(15, TEXT_SPEC, ['Exact'])], true);
    expect(out.dropped).toEqual(['VBA macros (xl/vbaProject.bin)']);
    expect(out.parts['xl/vbaProject.bin']).toBeUndefined();
    expect(text(out.parts, '[Content_Types].xml')).not.toContain('vbaProject');
    expect(text(out.parts, 'xl/_rels/workbook.xml.rels')).not.toContain('vbaProject');
  });

  test('a column inside a pivot table, or a new column inside a table, is refused; an existing one inside a table is written', () => {
    const pivot = `${HEAD}<pivotTableDefinition xmlns="${MAIN}" name="QtyByRef" cacheId="1" dataCaption="Values"><location ref="P1:Q5" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/></pivotTableDefinition>`;
    const table = `${HEAD}<table xmlns="${MAIN}" id="1" name="Parts" displayName="Parts" ref="A1:P4"><autoFilter ref="A1:P4"/><tableColumns count="16"/></table>`;
    const withPivot = new WorkbookPatch(book({ sheetRels: [['rId1', 'pivotTable', '../pivotTables/pivotTable1.xml']], parts: { 'xl/pivotTables/pivotTable1.xml': pivot } }));
    expect(() => withPivot.writeColumn('BOM', write(15, TEXT_SPEC, ['Exact']))).toThrow(new UnsafeWriteError("the column P that partspec writes on sheet 'BOM' falls inside the pivot table 'QtyByRef' (P1:Q5), which partspec does not write into"));
    const withTable = new WorkbookPatch(book({ sheetRels: [['rId1', 'table', '../tables/table1.xml']], parts: { 'xl/tables/table1.xml': table } }));
    expect(withTable.occupiedWidth('BOM')).toBe(16);
    expect(() => withTable.writeColumn('BOM', write(15, TEXT_SPEC, ['Exact']))).toThrow(/falls inside the table 'Parts' \(A1:P4\), which partspec does not add columns to/);
    expect(() => withTable.writeColumn('BOM', write(15, TEXT_SPEC, ['Exact'], { existing: true }))).not.toThrow();
    // The existing column is written in place: its header and cell hold the new text, the table is left as it was.
    const out = unzipSync(Buffer.concat([...withTable.patch().chunks]));
    const cells = text(out, 'xl/worksheets/sheet1.xml');
    const items = text(out, 'xl/sharedStrings.xml')
      .split('<si>')
      .slice(1)
      .map((item) => item.slice(0, item.indexOf('</si>')));
    const stringAt = (ref: string): string | undefined => items[Number(new RegExp(`<c r="${ref}"[^>]* t="s"><v>(\\d+)</v></c>`).exec(cells)?.[1] ?? -1)];
    expect([stringAt('P1'), stringAt('P2')]).toEqual(['<t>PartSpec: Match</t>', '<t>Exact</t>']);
    expect(text(out, 'xl/tables/table1.xml')).toBe(table);
  });

  test('overwriting a formula someone typed into a PartSpec column drops the calculation chain, which Excel rebuilds', () => {
    const sheet = SHEET.replace('<c r="D2" s="2"><v>45292</v></c>', '<c r="D2" s="2"><v>45292</v></c><c r="P2"><f>1+1</f><v>2</v></c>');
    const calcChain = `${HEAD}<calcChain xmlns="${MAIN}"><c r="C3" i="1"/><c r="P2"/></calcChain>`;
    const input = book({
      sheet,
      types: `<Override PartName="/xl/calcChain.xml" ContentType="${SML}.calcChain+xml"/>`,
      parts: {
        'xl/calcChain.xml': calcChain,
        'xl/_rels/workbook.xml.rels': rels([['rId1', 'worksheet', 'worksheets/sheet1.xml'], ['rId2', 'styles', 'styles.xml'], ['rId3', 'sharedStrings', 'sharedStrings.xml'], ['rId4', 'calcChain', 'calcChain.xml']]),
      },
    });
    const untouched = patched(input, [write(16, TEXT_SPEC, ['Exact'])]);
    expect(untouched.parts['xl/calcChain.xml']).toBeDefined();
    // A write that overwrites no formula leaves the chain, its content type and its relationship as they were.
    expect(text(untouched.parts, 'xl/calcChain.xml')).toBe(calcChain);
    expect(text(untouched.parts, '[Content_Types].xml')).toContain('calcChain');
    expect(text(untouched.parts, 'xl/_rels/workbook.xml.rels')).toContain('calcChain.xml');
    const out = patched(input, [write(15, TEXT_SPEC, ['Exact'])]);
    expect(out.parts['xl/calcChain.xml']).toBeUndefined();
    expect(text(out.parts, '[Content_Types].xml')).not.toContain('calcChain');
    expect(text(out.parts, 'xl/_rels/workbook.xml.rels')).not.toContain('calcChain');
    expect(text(out.parts, 'xl/worksheets/sheet1.xml')).toContain('<c r="C3" t="str"><f>"x"&amp;"y"</f><v>xy</v></c>');
  });

  test('a written cell that starts a shared formula other cells use is refused', () => {
    const sheet = SHEET.replace('<c r="D2" s="2"><v>45292</v></c>', '<c r="D2" s="2"><v>45292</v></c><c r="P2"><f t="shared" ref="P2:P3" si="0">D2+1</f><v>45293</v></c>');
    const wb = new WorkbookPatch(book({ sheet }));
    wb.writeColumn('BOM', write(15, TEXT_SPEC, ['Exact']));
    expect(() => wb.patch()).toThrow(new SharedFormulaError('P2'));
  });
});
