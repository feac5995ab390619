/** Packages laid out the way Excel writes them, and the patcher run on them, for the patcher's tests. */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { NUMBER_FORMATS, type ColumnSpec } from '../../../core/cells/columns';


import { NS } from '../../../ooxml/namespaces';



import { WorkbookPatch } from '../../../ooxml/workbook-patch';
import { scanXml } from '../../../ooxml/xml-scan';
import type { ColumnWrite } from '../../../core/enrich/document';


export const MAIN = NS.main;
export const R = NS.relationships;
export const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
export const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export const rels = (list: [string, string, string, boolean?][]): string =>
  `${HEAD}<Relationships xmlns="${NS.packageRelationships}">${list
    .map(([id, type, target, external]) => `<Relationship Id="${id}" Type="${type.includes('/') ? type : `${R}/${type}`}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`)
    .join('')}</Relationships>`;

export const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><fonts count="2" x14ac:knownFonts="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font><font><b/><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"><alignment horizontal="center"/></xf></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/><extLst><ext uri="{EB79DEF2-80B8-43e5-95BD-54CBDDF9020C}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:slicerStyles defaultSlicerStyle="SlicerStyleLight1"/></ext></extLst></styleSheet>`;

// Rich text with a phonetic guide, Excel's escape of a carriage return and of a literal `_x0041_`.
export const SHARED = `${HEAD}<sst xmlns="${MAIN}" count="9" uniqueCount="7"><si><t>Ref</t></si><si><t>Part Number</t></si><si><r><rPr><b/><sz val="11"/></rPr><t>Descr</t></r><r><t xml:space="preserve">iption </t></r></si><si><t>GRM188R71H104KA93D</t></si><si><t>村田</t><rPh sb="0" eb="2"><t>ムラタ</t></rPh><phoneticPr fontId="1"/></si><si><t>line_x000D_
two</t></si><si><t>code _x005F_x0041_ kept</t></si></sst>`;

/** A BOM sheet with what Excel puts around the cells: pane, widths, row heights, a merge, formats, validations, print setup, a drawing, notes, controls and extensions. */
export const SHEET = `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${R}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac xr" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" xr:uid="{00000000-0001-0000-0000-000000000000}"><sheetPr><tabColor rgb="FF00B050"/><pageSetUpPr fitToPage="1"/></sheetPr><dimension ref="A1:D4"/><sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="C3" sqref="C3"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/><cols><col min="3" max="3" width="22.7109375" customWidth="1"/><col min="5" max="7" width="9.140625" style="1" hidden="1"/></cols><sheetData><row r="1" spans="1:4" x14ac:dyDescent="0.25"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="1" t="s"><v>1</v></c><c r="C1" s="1" t="s"><v>2</v></c><c r="D1" s="1"><v>45000</v></c></row><row r="2" spans="1:4" ht="30" customHeight="1" x14ac:dyDescent="0.25"><c r="A2" t="inlineStr"><is><r><t>C</t></r><r><rPr><i/></rPr><t>1</t></r></is></c><c r="B2" t="s"><v>3</v></c><c r="C2" t="s"><v>2</v></c><c r="D2" s="2"><v>45292</v></c></row><row r="3" hidden="1"><c r="A3" t="s"><v>4</v></c><c r="B3" t="s"><v>5</v></c><c r="C3" t="str"><f>"x"&amp;"y"</f><v>xy</v></c><c r="D3" s="3"><v>45293</v></c></row><row r="4"><c r="A4" t="b"><v>1</v></c><c r="B4" t="s"><v>6</v></c><c r="C4" t="e"><v>#N/A</v></c><c r="D4"><v>2.5</v></c></row></sheetData><sheetProtection sheet="1" objects="1" scenarios="1"/><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells><conditionalFormatting sqref="D2:D4"><cfRule type="cellIs" dxfId="0" priority="2" operator="greaterThan"><formula>1</formula></cfRule></conditionalFormatting><dataValidations count="1"><dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1" sqref="H2:H4"><formula1>"a,b"</formula1></dataValidation></dataValidations><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><pageSetup paperSize="9" orientation="landscape" r:id="rId1"/><headerFooter><oddHeader>&amp;CBOM</oddHeader></headerFooter><drawing r:id="rId2"/><legacyDrawing r:id="rId3"/><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="x14"><controls><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="x14"><control shapeId="1025" r:id="rId4" name="Check Box 1"/></mc:Choice></mc:AlternateContent></controls></mc:Choice></mc:AlternateContent><extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation type="list"><x14:formula1><xm:f>Lists!$A$1:$A$3</xm:f></x14:formula1><xm:sqref>A2:A4</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst></worksheet>`;

export const DRAWING = `${HEAD}<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><xdr:twoCellAnchor><xdr:from><xdr:col>9</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>12</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>8</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId1" xmlns:r="${R}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`;

// Excel's VML: a note's box (shown on hover) and a check box; not well-formed XML (a bare <br>).
export const VML = `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel"><v:shape id="_x0000_s1025" type="#_x0000_t202"><x:ClientData ObjectType="Note"><x:MoveWithCells/><x:Anchor>3, 15, 0, 10, 20, 15, 4, 4</x:Anchor><x:Row>1</x:Row><x:Column>2</x:Column></x:ClientData></v:shape><v:shape id="_x0000_s1026"><v:textbox><div>Check<br>box</div></v:textbox><x:ClientData ObjectType="Checkbox"><x:Anchor>13, 0, 1, 0, 14, 20, 2, 0</x:Anchor></x:ClientData></v:shape></xml>`;

export const COMMENTS = `${HEAD}<comments xmlns="${MAIN}"><authors><author>QA</author></authors><commentList><comment ref="C2" authorId="0"><text><t>second source approved</t></text></comment></commentList></comments>`;

export const TYPES = (extra = ''): string =>
  `${HEAD}<Types xmlns="${NS.contentTypes}"><Default Extension="bin" ContentType="${SML}.printerSettings"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${SML}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SML}.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${SML}.styles+xml"/><Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/><Override PartName="/xl/comments1.xml" ContentType="${SML}.comments+xml"/>${extra}</Types>`;

export interface BookOptions {
  sheet?: string;
  shared?: boolean;
  sheetRels?: [string, string, string, boolean?][];
  parts?: Record<string, string>;
  workbookPr?: string;
  types?: string;
}

/** A package laid out as Excel writes it, `[Content_Types].xml` first. */
export function book(options: BookOptions = {}): Uint8Array {
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

export const TEXT_SPEC: ColumnSpec = { id: 'match', header: 'PartSpec: Match', kind: 'text', numberFormat: NUMBER_FORMATS.text };
export const URL_SPEC: ColumnSpec = { id: 'datasheet', header: 'PartSpec: Datasheet', kind: 'url', numberFormat: NUMBER_FORMATS.text };
export const DATE_SPEC: ColumnSpec = { id: 'lastBuy', header: 'PartSpec: Last buy date', kind: 'date', numberFormat: NUMBER_FORMATS.date };

export function write(column: number, spec: ColumnSpec, cells: ColumnWrite['cells'], extra: Partial<ColumnWrite> = {}): ColumnWrite {
  return { column, headerRow: 0, spec, existing: false, firstRow: 1, cells, ...extra };
}

/** The archive's parts after a patch. */
export function patched(bytes: Uint8Array, writes: ColumnWrite[], asWorkbook = false): { parts: Record<string, Uint8Array>; bytes: Uint8Array; dropped: string[] } {
  const wb = new WorkbookPatch(bytes);
  for (const w of writes) wb.writeColumn('BOM', w);
  const result = wb.patch(asWorkbook);
  const out = Buffer.concat([...result.chunks]);
  return { parts: unzipSync(out), bytes: out, dropped: result.dropped };
}

export const text = (parts: Record<string, Uint8Array>, path: string): string => strFromU8(parts[path]);

/** The top-level children of a part, by local name. */
export function childrenOf(xml: string): string[] {
  const out: string[] = [];
  scanXml(xml, { open: (e) => e.path.length === 1 && out.push(e.name) });
  return out;
}
