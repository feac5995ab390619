/**
 * The PartSpec Summary sheet through the package patcher, on workbooks written by hand: a new
 * sheet is listed with the workbook's own prefixes, every part it adds is declared, the sheet,
 * drawing and chart parts are well-formed and say what the layout says, and a second edit finds
 * the sheet again, rewrites the same parts and drops a chart the layout no longer has.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { SummarySheet } from '../../core/report/sheet-layout';
import { scanXml } from '../../ooxml/xml-scan';
import { editSummarySheet } from '../../ooxml/summary-package';
import { bytesSource, ZipPackage } from '../../ooxml/zip-package';

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet workbook whose SpreadsheetML elements carry the `x:` prefix (as some generators write them). */
function prefixedWorkbook(): Uint8Array {
  const files: Record<string, string> = {
    '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${HEAD}<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:rel="${R}"><x:sheets><x:sheet name="BOM's" sheetId="7" rel:id="rId1"/></x:sheets></x:workbook>`,
    'xl/_rels/workbook.xml.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${HEAD}<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>MPN</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

const block = (row: number, column: number, rows = 1) => ({ row, column, rows, columns: 1 });

function layout(withCompliance: boolean): SummarySheet {
  return {
    name: 'PartSpec Summary',
    cells: [['PartSpec Summary'], ['=1+1 & <b>'], [], ['Status', 'Rows'], ['In Production', 3], ['NRND', 1], [], ['Flag', 'Yes', 'No'], ['RoHS', 4, 0]],
    boldRows: [0, 3, 7],
    rightAligned: [{ row: 3, column: 1 }],
    wrapColumns: [],
    columnWidths: [24, 12, 12],
    charts: [
      { name: 'PartSpecStatus', kind: 'bar', title: 'Rows & status', categories: block(4, 0, 2), series: [{ name: 'Rows', values: block(4, 1, 2) }], anchor: { row: 2, column: 9, rows: 15, columns: 8 } },
      ...(withCompliance
        ? [{ name: 'PartSpecCompliance' as const, kind: 'stackedBar' as const, title: 'Compliance', categories: block(8, 0), series: [{ name: 'Yes', values: block(8, 1) }, { name: 'No', values: block(8, 2) }], anchor: { row: 18, column: 9, rows: 15, columns: 8 } }]
        : []),
    ],
    links: [{ row: 5, column: 0, bomRow: 4 }],
    print: { orientation: 'landscape', paper: 'A4', scale: 64, pageBreaks: [6] },
  };
}

/** Applies the edit and returns the new package's entries. */
function edited(bytes: Uint8Array, sheet: SummarySheet): Record<string, Uint8Array> {
  const zip = new ZipPackage(bytesSource(bytes));
  const { replaced, removed } = editSummarySheet(zip, sheet, "BOM's");
  return unzipSync(Buffer.concat([...zip.writeChunks(replaced, removed)]));
}

const text = (entries: Record<string, Uint8Array>, name: string): string => strFromU8(entries[name]);

function wellFormed(xml: string): void {
  expect(() => scanXml(xml, {})).not.toThrow();
}

test('a new summary sheet is listed with the workbook part’s own prefixes, and every part it adds is declared', () => {
  const input = prefixedWorkbook();
  const out = edited(input, layout(true));
  const workbook = text(out, 'xl/workbook.xml');
  expect(workbook).toContain('<x:sheet name="BOM\'s" sheetId="7" rel:id="rId1"/><x:sheet name="PartSpec Summary" sheetId="8" rel:id="rId2"/></x:sheets>');
  expect(text(out, 'xl/_rels/workbook.xml.rels')).toContain(`Id="rId2" Type="${R}/worksheet" Target="worksheets/sheet2.xml"`);
  const types = text(out, '[Content_Types].xml');
  for (const [part, type] of [
    ['xl/worksheets/sheet2.xml', 'spreadsheetml.worksheet+xml'],
    ['xl/drawings/drawing1.xml', 'drawing+xml'],
    ['xl/charts/chart1.xml', 'drawingml.chart+xml'],
    ['xl/charts/chart2.xml', 'drawingml.chart+xml'],
  ]) {
    expect(types).toContain(`<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/>`);
  }
  expect(text(out, 'xl/worksheets/_rels/sheet2.xml.rels')).toContain('Target="../drawings/drawing1.xml"');
  expect(text(out, 'xl/drawings/_rels/drawing1.xml.rels')).toMatch(/Target="\.\.\/charts\/chart1\.xml".*Target="\.\.\/charts\/chart2\.xml"/);
  for (const name of Object.keys(out).filter((n) => n.endsWith('.xml') || n.endsWith('.rels'))) wellFormed(text(out, name));
  expect(Buffer.from(out['xl/worksheets/sheet1.xml']).equals(Buffer.from(unzipSync(input)['xl/worksheets/sheet1.xml']))).toBe(true);
});

test('the sheet holds text as text, bold titles and links as runs, and the charts read its cells with cached values', () => {
  const out = edited(prefixedWorkbook(), layout(true));
  const sheet = text(out, 'xl/worksheets/sheet2.xml');
  expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">=1+1 &amp; &lt;b&gt;</t></is></c>');
  // Table cells are top-aligned, numbers and the header over them aligned right: formats appended to the styles part.
  expect(sheet).toMatch(/<c r="A4" s="\d+" t="inlineStr"><is><r><rPr><b\/><\/rPr><t xml:space="preserve">Status<\/t><\/r><\/is><\/c>/);
  const right = /<c r="B5" s="(\d+)"><v>3<\/v><\/c>/.exec(sheet)![1];
  expect(sheet).toContain(`<c r="B4" s="${right}" t="inlineStr">`);
  expect(sheet).not.toContain('fitToPage');
  expect(sheet).toMatch(/<pageSetup paperSize="9" orientation="landscape" scale="64"\/><rowBreaks count="1" manualBreakCount="1"><brk id="6" max="16383" man="1"\/><\/rowBreaks>/);
  expect(sheet).toContain(`<hyperlink ref="A6" location="'BOM''s'!A5" display="NRND"/>`);
  expect(sheet).toMatch(/<hyperlinks>.*<\/hyperlinks><pageMargins.*<drawing r:id="rId1"\/><\/worksheet>$/);
  const status = text(out, 'xl/charts/chart1.xml');
  expect(status).toContain('<c:barDir val="bar"/><c:grouping val="clustered"/>');
  expect(status).toContain(`<c:f>'PartSpec Summary'!$A$5:$A$6</c:f><c:strCache><c:ptCount val="2"/><c:pt idx="0"><c:v>In Production</c:v></c:pt><c:pt idx="1"><c:v>NRND</c:v></c:pt>`);
  expect(status).toContain(`<c:f>'PartSpec Summary'!$B$5:$B$6</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="2"/><c:pt idx="0"><c:v>3</c:v></c:pt><c:pt idx="1"><c:v>1</c:v></c:pt>`);
  expect(status).toContain('<a:t>Rows &amp; status</a:t>');
  expect(status).not.toContain('<c:legend>');
  const compliance = text(out, 'xl/charts/chart2.xml');
  expect(compliance).toContain('<c:grouping val="stacked"/>');
  expect(compliance).toContain('<c:overlap val="100"/>');
  expect(compliance).toContain('<c:legend>');
  const drawing = text(out, 'xl/drawings/drawing1.xml');
  expect(drawing).toMatch(/<xdr:from><xdr:col>9<\/xdr:col><xdr:colOff>0<\/xdr:colOff><xdr:row>2<\/xdr:row>.*<xdr:to><xdr:col>17<\/xdr:col><xdr:colOff>0<\/xdr:colOff><xdr:row>17<\/xdr:row>/);
  expect(drawing).toContain('name="PartSpecCompliance"');
});

test('a second edit finds the sheet, rewrites the same parts byte for byte, and drops a chart the layout no longer has', () => {
  const once = zipSync(edited(prefixedWorkbook(), layout(true)));
  const again = edited(once, layout(true));
  const first = unzipSync(once);
  expect(Object.keys(again).sort()).toEqual(Object.keys(first).sort());
  for (const name of Object.keys(first)) expect([name, Buffer.from(again[name]).equals(Buffer.from(first[name]))]).toEqual([name, true]);

  const fewer = edited(once, layout(false));
  expect(fewer['xl/charts/chart2.xml']).toBeUndefined();
  expect(text(fewer, '[Content_Types].xml')).not.toContain('/xl/charts/chart2.xml');
  expect(text(fewer, 'xl/drawings/_rels/drawing1.xml.rels')).not.toContain('chart2.xml');
  expect(text(fewer, 'xl/workbook.xml')).toBe(text(first as Record<string, Uint8Array>, 'xl/workbook.xml'));
});
