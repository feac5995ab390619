import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import { matchRules } from '../../core/enrich/highlight';
import { escapeExcelText, unescapeExcelText } from '../../api/stream/excel-text';
import { NS } from '../../ooxml/namespaces';
import { WORKSHEET_ORDER } from '../../ooxml/schema-order';
import { SharedStrings } from '../../ooxml/shared-strings';
import { SharedFormulaError } from '../../ooxml/sheet-patch';
import { UnsafeWriteError, WorkbookPatch } from '../../ooxml/workbook-patch';
import { scanXml } from '../../ooxml/xml-scan';
import type { ColumnWrite } from '../../core/enrich/document';

/*
 * The workbook patcher on packages laid out the way Excel writes them: what it reads (shared
 * strings with rich text, phonetic runs and `_xHHHH_` escapes, inline strings, dates), and what it
 * writes (only the cells, strings, styles, relationships and content types it needs, each new
 * element where the schema wants it, everything else byte for byte).
 */

const MAIN = NS.main;
const R = NS.relationships;
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const rels = (list: [string, string, string, boolean?][]): string =>
  `${HEAD}<Relationships xmlns="${NS.packageRelationships}">${list
    .map(([id, type, target, external]) => `<Relationship Id="${id}" Type="${type.includes('/') ? type : `${R}/${type}`}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`)
    .join('')}</Relationships>`;

const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><fonts count="2" x14ac:knownFonts="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font><font><b/><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"><alignment horizontal="center"/></xf></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/><extLst><ext uri="{EB79DEF2-80B8-43e5-95BD-54CBDDF9020C}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:slicerStyles defaultSlicerStyle="SlicerStyleLight1"/></ext></extLst></styleSheet>`;

// Rich text with a phonetic guide, Excel's escape of a carriage return and of a literal `_x0041_`.
const SHARED = `${HEAD}<sst xmlns="${MAIN}" count="9" uniqueCount="7"><si><t>Ref</t></si><si><t>Part Number</t></si><si><r><rPr><b/><sz val="11"/></rPr><t>Descr</t></r><r><t xml:space="preserve">iption </t></r></si><si><t>GRM188R71H104KA93D</t></si><si><t>村田</t><rPh sb="0" eb="2"><t>ムラタ</t></rPh><phoneticPr fontId="1"/></si><si><t>line_x000D_
two</t></si><si><t>code _x005F_x0041_ kept</t></si></sst>`;

/** A BOM sheet with what Excel puts around the cells: pane, widths, row heights, a merge, formats, validations, print setup, a drawing, notes, controls and extensions. */
const SHEET = `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${R}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac xr" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" xr:uid="{00000000-0001-0000-0000-000000000000}"><sheetPr><tabColor rgb="FF00B050"/><pageSetUpPr fitToPage="1"/></sheetPr><dimension ref="A1:D4"/><sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="C3" sqref="C3"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/><cols><col min="3" max="3" width="22.7109375" customWidth="1"/><col min="5" max="7" width="9.140625" style="1" hidden="1"/></cols><sheetData><row r="1" spans="1:4" x14ac:dyDescent="0.25"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="1" t="s"><v>1</v></c><c r="C1" s="1" t="s"><v>2</v></c><c r="D1" s="1"><v>45000</v></c></row><row r="2" spans="1:4" ht="30" customHeight="1" x14ac:dyDescent="0.25"><c r="A2" t="inlineStr"><is><r><t>C</t></r><r><rPr><i/></rPr><t>1</t></r></is></c><c r="B2" t="s"><v>3</v></c><c r="C2" t="s"><v>2</v></c><c r="D2" s="2"><v>45292</v></c></row><row r="3" hidden="1"><c r="A3" t="s"><v>4</v></c><c r="B3" t="s"><v>5</v></c><c r="C3" t="str"><f>"x"&amp;"y"</f><v>xy</v></c><c r="D3" s="3"><v>45293</v></c></row><row r="4"><c r="A4" t="b"><v>1</v></c><c r="B4" t="s"><v>6</v></c><c r="C4" t="e"><v>#N/A</v></c><c r="D4"><v>2.5</v></c></row></sheetData><sheetProtection sheet="1" objects="1" scenarios="1"/><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells><conditionalFormatting sqref="D2:D4"><cfRule type="cellIs" dxfId="0" priority="2" operator="greaterThan"><formula>1</formula></cfRule></conditionalFormatting><dataValidations count="1"><dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1" sqref="H2:H4"><formula1>"a,b"</formula1></dataValidation></dataValidations><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><pageSetup paperSize="9" orientation="landscape" r:id="rId1"/><headerFooter><oddHeader>&amp;CBOM</oddHeader></headerFooter><drawing r:id="rId2"/><legacyDrawing r:id="rId3"/><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="x14"><controls><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="x14"><control shapeId="1025" r:id="rId4" name="Check Box 1"/></mc:Choice></mc:AlternateContent></controls></mc:Choice></mc:AlternateContent><extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation type="list"><x14:formula1><xm:f>Lists!$A$1:$A$3</xm:f></x14:formula1><xm:sqref>A2:A4</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst></worksheet>`;

const DRAWING = `${HEAD}<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><xdr:twoCellAnchor><xdr:from><xdr:col>9</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>12</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>8</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId1" xmlns:r="${R}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`;

// Excel's VML: a note's box (shown on hover) and a check box; not well-formed XML (a bare <br>).
const VML = `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel"><v:shape id="_x0000_s1025" type="#_x0000_t202"><x:ClientData ObjectType="Note"><x:MoveWithCells/><x:Anchor>3, 15, 0, 10, 20, 15, 4, 4</x:Anchor><x:Row>1</x:Row><x:Column>2</x:Column></x:ClientData></v:shape><v:shape id="_x0000_s1026"><v:textbox><div>Check<br>box</div></v:textbox><x:ClientData ObjectType="Checkbox"><x:Anchor>13, 0, 1, 0, 14, 20, 2, 0</x:Anchor></x:ClientData></v:shape></xml>`;

const COMMENTS = `${HEAD}<comments xmlns="${MAIN}"><authors><author>QA</author></authors><commentList><comment ref="C2" authorId="0"><text><t>second source approved</t></text></comment></commentList></comments>`;

const TYPES = (extra = ''): string =>
  `${HEAD}<Types xmlns="${NS.contentTypes}"><Default Extension="bin" ContentType="${SML}.printerSettings"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${SML}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SML}.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${SML}.styles+xml"/><Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/><Override PartName="/xl/comments1.xml" ContentType="${SML}.comments+xml"/>${extra}</Types>`;

interface BookOptions {
  sheet?: string;
  shared?: boolean;
  sheetRels?: [string, string, string, boolean?][];
  parts?: Record<string, string>;
  workbookPr?: string;
  types?: string;
}

/** A package laid out as Excel writes it, `[Content_Types].xml` first. */
function book(options: BookOptions = {}): Uint8Array {
  const shared = options.shared ?? true;
  const files: Record<string, string> = {
    '[Content_Types].xml': TYPES(`${shared ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${SML}.sharedStrings+xml"/>` : ''}${options.types ?? ''}`),
    '_rels/.rels': rels([['rId1', 'officeDocument', 'xl/workbook.xml']]),
    'xl/workbook.xml': `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${R}">${options.workbookPr ?? '<workbookPr defaultThemeVersion="164011"/>'}<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300"/></bookViews><sheets><sheet name="BOM" sheetId="1" r:id="rId1"/></sheets><definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">BOM!$A$1:$D$4</definedName></definedNames><calcPr calcId="191029"/></workbook>`,
    'xl/_rels/workbook.xml.rels': rels([['rId1', 'worksheet', 'worksheets/sheet1.xml'], ['rId2', 'styles', 'styles.xml'], ...(shared ? [['rId3', 'sharedStrings', 'sharedStrings.xml'] as [string, string, string]] : [])]),
    'xl/worksheets/sheet1.xml': options.sheet ?? SHEET,
    'xl/worksheets/_rels/sheet1.xml.rels': rels(
      options.sheetRels ?? [
        ['rId1', 'printerSettings', '../printerSettings/printerSettings1.bin'],
        ['rId2', 'drawing', '../drawings/drawing1.xml'],
        ['rId3', 'vmlDrawing', '../drawings/vmlDrawing1.vml'],
        ['rId4', 'ctrlProp', '../ctrlProps/ctrlProp1.xml'],
        ['rId5', 'comments', '../comments1.xml'],
      ],
    ),

    'xl/drawings/drawing1.xml': DRAWING,
    'xl/drawings/vmlDrawing1.vml': VML,
    'xl/ctrlProps/ctrlProp1.xml': `${HEAD}<formControlPr xmlns="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main" objectType="CheckBox" lockText="1"/>`,
    'xl/comments1.xml': COMMENTS,
    'xl/styles.xml': STYLES,
    ...(shared ? { 'xl/sharedStrings.xml': SHARED } : {}),
    'xl/vbaProject.bin': 'VBA project bytes',
    ...options.parts,
  };
  const out: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(files)) out[path] = strToU8(text);
  // Printer settings are a binary DEVMODE, not UTF-8.
  out['xl/printerSettings/printerSettings1.bin'] = Uint8Array.from([0x44, 0x45, 0x56, 0xff, 0xfe, 0x00, 0x80, 0x81]);
  return zipSync(out, { level: 9, mtime: new Date('2026-01-05T09:00:00Z') });
}

const TEXT_SPEC: ColumnSpec = { id: 'match', header: 'PartSpec: Match', kind: 'text', numberFormat: NUMBER_FORMATS.text };
const URL_SPEC: ColumnSpec = { id: 'datasheet', header: 'PartSpec: Datasheet', kind: 'url', numberFormat: NUMBER_FORMATS.text };
const DATE_SPEC: ColumnSpec = { id: 'lastBuy', header: 'PartSpec: LastBuyDate', kind: 'date', numberFormat: NUMBER_FORMATS.date };

function write(column: number, spec: ColumnSpec, cells: ColumnWrite['cells'], extra: Partial<ColumnWrite> = {}): ColumnWrite {
  return { column, headerRow: 0, spec, existing: false, firstRow: 1, cells, ...extra };
}

/** The archive's parts after a patch. */
function patched(bytes: Uint8Array, writes: ColumnWrite[], asWorkbook = false): { parts: Record<string, Uint8Array>; bytes: Uint8Array; dropped: string[] } {
  const wb = new WorkbookPatch(bytes);
  for (const w of writes) wb.writeColumn('BOM', w);
  const result = wb.patch(asWorkbook);
  const out = Buffer.concat([...result.chunks]);
  return { parts: unzipSync(out), bytes: out, dropped: result.dropped };
}

const text = (parts: Record<string, Uint8Array>, path: string): string => strFromU8(parts[path]);

/** The top-level children of a part, by local name. */
function childrenOf(xml: string): string[] {
  const out: string[] = [];
  scanXml(xml, { open: (e) => e.path.length === 1 && out.push(e.name) });
  return out;
}

describe("Excel's _xHHHH_ escape", () => {
  test.each([
    ['plain', 'plain'],
    ['a_x0041_b', 'a_x005F_x0041_b'],
    ['line\rend', 'line_x000D_end'],
    ['bell\u0007', 'bell_x0007_'],
    ['_x005F_', '_x005F_x005F_'],
  ])('%j is stored as %j and reads back as itself', (value, stored) => {
    expect(escapeExcelText(value)).toBe(stored);
    expect(unescapeExcelText(stored)).toBe(value);
  });

  test('a lone surrogate, which no program shows, is dropped; a pair is kept', () => {
    expect(escapeExcelText('a\uD800b𝄞')).toBe('ab𝄞');
  });
});

describe('reading', () => {
  test('shared strings: rich-text runs joined, the phonetic guide left out, escapes decoded', () => {
    expect(new SharedStrings(SHARED).strings).toEqual(['Ref', 'Part Number', 'Description ', 'GRM188R71H104KA93D', '村田', 'line\r\ntwo', 'code _x0041_ kept']);
  });

  test('cell values: shared and inline strings, formula strings, Booleans, dates by their format, errors as blanks', () => {
    const wb = new WorkbookPatch(book());
    expect(wb.sheetNames).toEqual(['BOM']);
    const values = wb.values('BOM');
    expect(values[0]).toEqual(['Ref', 'Part Number', 'Description ', 45000]);
    expect(values[1]).toEqual(['C1', 'GRM188R71H104KA93D', 'Description ', new Date('2024-01-01T00:00:00Z')]);
    expect(values[2]).toEqual(['村田', 'line\r\ntwo', 'xy', new Date('2024-01-02T00:00:00Z')]);
    expect(values[3]).toEqual([true, 'code _x0041_ kept', undefined, 2.5]);
  });

  test('a 1904 workbook reads its dates four years on', () => {
    const wb = new WorkbookPatch(book({ workbookPr: '<workbookPr date1904="1"/>' }));
    expect(wb.values('BOM')[1][3]).toEqual(new Date('2028-01-02T00:00:00Z'));
  });

  test('the occupied width counts notes, validations, drawing anchors and form controls, not a note’s hover box', () => {
    // Values reach D, the validation H, the chart J..L (ending at the start of M), the check box N..O.
    expect(new WorkbookPatch(book()).occupiedWidth('BOM')).toBe(15);
    const bare = book({ sheetRels: [['rId5', 'comments', '../comments1.xml']], sheet: SHEET.replace(/<drawing[^>]*\/><legacyDrawing[^>]*\/>/, '').replace(/<dataValidations .*<\/dataValidations>/, '') });
    expect(new WorkbookPatch(bare).occupiedWidth('BOM')).toBe(4);
    // A validation that refers to another sheet lives in extLst, and its cells count as well.
    expect(new WorkbookPatch(book({ ...bareOptions(), sheet: bareSheet().replace('<xm:sqref>A2:A4</xm:sqref>', '<xm:sqref>A2:A4 F9</xm:sqref>') })).occupiedWidth('BOM')).toBe(6);
    // A picture in a cell (value metadata, shown as #VALUE! by older programs).
    expect(new WorkbookPatch(book({ ...bareOptions(), sheet: bareSheet().replace('<c r="D4"><v>2.5</v></c>', '<c r="D4"><v>2.5</v></c><c r="E4" t="e" vm="1"><v>#VALUE!</v></c>') })).occupiedWidth('BOM')).toBe(5);
    // A note alone on a cell right of the BOM.
    const noteFar = COMMENTS.replace('ref="C2"', 'ref="G3"');
    expect(new WorkbookPatch(book({ ...bareOptions(), parts: { 'xl/comments1.xml': noteFar } })).occupiedWidth('BOM')).toBe(7);
  });
});

/** The BOM sheet without its drawing, controls and main-markup validation; only its note. */
const bareSheet = (): string => SHEET.replace(/<drawing[^>]*\/><legacyDrawing[^>]*\/>/, '').replace(/<dataValidations .*<\/dataValidations>/, '');
const bareOptions = (): BookOptions => ({ sheetRels: [['rId5', 'comments', '../comments1.xml']], sheet: bareSheet() });

describe('writing', () => {
  const input = book();
  const output = patched(input, [
    write(15, TEXT_SPEC, ['Exact', '=1+1', 'Not found'], { highlight: matchRules() }),
    write(16, URL_SPEC, ['https://example.com/ds?a=1&b=2', undefined, 'not a link']),
    write(17, DATE_SPEC, [46000, undefined, undefined]),
  ]);
  const sheet = text(output.parts, 'xl/worksheets/sheet1.xml');

  test('every part it does not write is copied as stored: same bytes, same compressed bytes, same order', () => {
    const before = unzipSync(input);
    const changed = ['xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/sharedStrings.xml', 'xl/worksheets/_rels/sheet1.xml.rels'];
    expect(Object.keys(output.parts)).toEqual(Object.keys(before));
    for (const path of Object.keys(before).filter((p) => !changed.includes(p))) expect([path, Buffer.from(output.parts[path]).equals(Buffer.from(before[path]))]).toEqual([path, true]);
    // The vbaProject entry's stored (compressed) bytes appear unchanged in the new archive.
    const at = Buffer.from(input).indexOf('xl/vbaProject.bin');
    const raw = Buffer.from(input).subarray(at - 30, at + 40);
    expect(Buffer.from(output.bytes).indexOf(raw)).toBeGreaterThan(0);
  });

  test('the sheet keeps every element it does not write, byte for byte', () => {
    for (const kept of [
      SHEET.slice(SHEET.indexOf('<sheetPr>'), SHEET.indexOf('<dimension')),
      SHEET.slice(SHEET.indexOf('<sheetViews>'), SHEET.indexOf('<cols>')),
      // The row's spans hint grows to its new cells; its other attributes stay.
      '<row r="2" spans="1:18" ht="30" customHeight="1" x14ac:dyDescent="0.25"><c r="A2" t="inlineStr"><is><r><t>C</t></r><r><rPr><i/></rPr><t>1</t></r></is></c>',
      '<row r="3" hidden="1"><c r="A3" t="s"><v>4</v></c>',
      '<c r="C3" t="str"><f>"x"&amp;"y"</f><v>xy</v></c>',
      SHEET.slice(SHEET.indexOf('<sheetProtection'), SHEET.indexOf('<conditionalFormatting')),
      SHEET.slice(SHEET.indexOf('<conditionalFormatting'), SHEET.indexOf('<dataValidations')),
      SHEET.slice(SHEET.indexOf('<dataValidations'), SHEET.indexOf('<pageMargins')),
      SHEET.slice(SHEET.indexOf('<pageMargins'), SHEET.indexOf('</worksheet>')),
    ]) {
      expect(sheet).toContain(kept);
    }
  });

  test('new cells go in column order at the end of their rows, text as shared strings with the text format, never a formula', () => {
    expect(sheet).toMatch(/<c r="D1" s="1"><v>45000<\/v><\/c><c r="P1" s="(\d+)" t="s"><v>7<\/v><\/c><c r="Q1" s="\1" t="s"><v>8<\/v><\/c><c r="R1" s="\1" t="s"><v>9<\/v><\/c><\/row>/);
    expect(sheet).toMatch(/<c r="P3" s="\d+" t="s"><v>\d+<\/v><\/c><\/row>/);
    expect(sheet).not.toMatch(/<c r="P\d"[^>]*><f>/);
    const strings = new SharedStrings(text(output.parts, 'xl/sharedStrings.xml')).strings;
    expect(strings.slice(0, 7)).toEqual(new SharedStrings(SHARED).strings);
    expect(strings).toContain('=1+1');
    expect(text(output.parts, 'xl/sharedStrings.xml')).toMatch(/^[\s\S]*<sst [^>]*count="(\d+)" uniqueCount="(\d+)">/);
    expect(text(output.parts, 'xl/sharedStrings.xml').startsWith(SHARED.slice(0, SHARED.indexOf('count=')))).toBe(true);
    expect(text(output.parts, 'xl/sharedStrings.xml')).toContain(SHARED.slice(SHARED.indexOf('<si>'), SHARED.indexOf('</sst>')));
  });

  test('a date is a serial with a date format; the dimension grows to the written cells', () => {
    expect(sheet).toMatch(/<c r="R2" s="\d+"><v>46000<\/v><\/c>/);
    expect(sheet).toContain('<dimension ref="A1:R4"/>');
    const wb = new WorkbookPatch(output.bytes);
    expect(wb.values('BOM')[1][17]).toEqual(new Date('2025-12-09T00:00:00Z'));
    expect(wb.values('BOM')[0].slice(15)).toEqual(['PartSpec: Match', 'PartSpec: Datasheet', 'PartSpec: LastBuyDate']);
  });

  test('styles are appended: every existing entry stays, counts grow, the text format is 49 and the header bold', () => {
    const styles = text(output.parts, 'xl/styles.xml');
    for (const container of ['fonts', 'cellXfs']) {
      const before = STYLES.slice(STYLES.indexOf(`<${container} `), STYLES.indexOf(`</${container}>`));
      const entries = before.slice(before.indexOf('>') + 1);
      expect(styles).toContain(entries);
    }
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/>');
    const xfs = /<cellXfs count="(\d+)">(.*)<\/cellXfs>/.exec(styles)!;
    expect((xfs[2].match(/<xf /g) ?? []).length).toBe(Number(xfs[1]));
    const header = Number(/<c r="P1" s="(\d+)"/.exec(sheet)![1]);
    const xf = [...xfs[2].matchAll(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/g)][header][0];
    expect(xf).toMatch(/numFmtId="49"/);
    const font = Number(/fontId="(\d+)"/.exec(xf)![1]);
    expect([...styles.matchAll(/<font>.*?<\/font>/g)][font][0]).toMatch(/<b\/>/);
    expect(styles).toContain(STYLES.slice(STYLES.indexOf('<tableStyles'), STYLES.indexOf('</styleSheet>')));
  });

  test('hyperlinks: created at their schema position with an external relationship in the sheet’s part', () => {
    expect(sheet).toMatch(/<\/dataValidations><hyperlinks><hyperlink ref="Q2" r:id="(rId\d+)"\/><\/hyperlinks><pageMargins /);
    const id = /<hyperlink ref="Q2" r:id="(rId\d+)"/.exec(sheet)![1];
    const sheetRels = text(output.parts, 'xl/worksheets/_rels/sheet1.xml.rels');
    expect(sheetRels).toContain(`<Relationship Id="${id}" Type="${R}/hyperlink" Target="https://example.com/ds?a=1&amp;b=2" TargetMode="External"/>`);
    expect(sheetRels.startsWith(rels([['rId1', 'printerSettings', '../printerSettings/printerSettings1.bin']]).slice(0, 200))).toBe(true);
    expect(sheet).not.toContain('ref="Q4"');
  });

  test('highlights: a conditional format of the column, after the existing ones, with appended dxfs and fresh priorities', () => {
    expect(sheet).toMatch(/<\/conditionalFormatting><conditionalFormatting sqref="P2:P4"><cfRule type="cellIs" dxfId="0" priority="3" operator="equal"><formula>"Not found"<\/formula>/);
    expect(text(output.parts, 'xl/styles.xml')).toMatch(/<dxfs count="2"><dxf>.*<\/dxf><\/dxfs><tableStyles/);
  });

  test('every top-level element of the sheet and the stylesheet is in schema order', () => {
    const ranks = childrenOf(sheet).map((name) => WORKSHEET_ORDER.indexOf(name)).filter((r) => r >= 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(childrenOf(sheet)).toContain('cols');
  });

  test('new columns get a width; a hidden range they fall in is split around them', () => {
    const wb = patched(input, [write(5, TEXT_SPEC, ['Exact'])]);
    expect(text(wb.parts, 'xl/worksheets/sheet1.xml')).toMatch(
      /<cols><col min="3" max="3" width="22.7109375" customWidth="1"\/><col min="5" max="5" width="9.140625" style="1" hidden="1"\/><col min="6" max="6" width="\d+" style="1" customWidth="1"\/><col min="7" max="7" width="9.140625" style="1" hidden="1"\/><\/cols>/,
    );
  });

  test('a re-run of the same writes changes nothing more: strings, styles and rules are used again', () => {
    const again = patched(output.bytes, [
      write(15, TEXT_SPEC, ['Exact', '=1+1', 'Not found'], { highlight: matchRules(), existing: true }),
      write(16, URL_SPEC, ['https://example.com/ds?a=1&b=2', undefined, 'not a link'], { existing: true }),
      write(17, DATE_SPEC, [46000, undefined, undefined], { existing: true }),
    ]);
    for (const path of ['xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/sharedStrings.xml']) expect([path, text(again.parts, path)]).toEqual([path, text(output.parts, path)]);
  });
});

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
