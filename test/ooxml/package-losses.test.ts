import { findUnkeptParts } from '../../ooxml/package-losses';
import { readPackage } from '../../ooxml/package-reader';
import { CONTENT_TYPES as CT, NS, REL_TYPES as RT, appProps, coreProps, rels, styles, xmlHead, zipPackage } from '../fixtures/workbooks/ooxml';

/*
 * The parts beyond cells that a workbook enriched into CSV names as not carried over, for those
 * the fixture workbooks do not hold (slicers, timelines, ActiveX, embedded objects, custom XML and
 * properties, a thumbnail, an unknown part), each named once in a sentence a user understands,
 * and a plain workbook that names nothing.
 */

const X = 'application/vnd.ms-excel';

/** A one-sheet workbook plus extra parts, sheet relationships and workbook relationships. */
function workbookWith(extra: { parts?: Record<string, string>; types?: Record<string, string>; sheetRels?: [string, string, string][]; bookRels?: [string, string, string][]; rootRels?: [string, string, string][]; sheetTail?: string }) {
  const sheetRels = extra.sheetRels ?? [];
  const parts: Record<string, string> = {
    '_rels/.rels': rels([['rId1', RT.officeDocument, 'xl/workbook.xml'], ['rId2', RT.coreProperties, 'docProps/core.xml'], ['rId3', RT.extendedProperties, 'docProps/app.xml'], ...(extra.rootRels ?? [])]),
    'docProps/core.xml': coreProps(),
    'docProps/app.xml': appProps(),
    'xl/workbook.xml': `${xmlHead}<workbook xmlns="${NS.main}" xmlns:r="${NS.r}"><sheets><sheet name="BOM" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': rels([['rId1', RT.worksheet, 'worksheets/sheet1.xml'], ['rId2', RT.styles, 'styles.xml'], ...(extra.bookRels ?? [])]),
    'xl/styles.xml': styles(),
    'xl/worksheets/sheet1.xml': `${xmlHead}<worksheet xmlns="${NS.main}" xmlns:r="${NS.r}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>${extra.sheetTail ?? ''}</worksheet>`,
    ...(sheetRels.length ? { 'xl/worksheets/_rels/sheet1.xml.rels': rels(sheetRels) } : {}),
    ...extra.parts,
  };
  const types = { 'xl/workbook.xml': CT.workbook, 'xl/worksheets/sheet1.xml': CT.worksheet, 'xl/styles.xml': CT.styles, 'docProps/core.xml': CT.core, 'docProps/app.xml': CT.app, ...extra.types };
  return readPackage(zipPackage(parts, types));
}

const named = (pkg: ReturnType<typeof readPackage>): string[] => findUnkeptParts(pkg).map((l) => l.what);

test('a plain workbook holds nothing a rewrite would lose', () => {
  expect(named(workbookWith({}))).toEqual([]);
});

test('slicers and timelines are named once, by their sheet (their caches are not named again)', () => {
  const pkg = workbookWith({
    sheetRels: [
      ['rId1', 'http://schemas.microsoft.com/office/2007/relationships/slicer', '../slicers/slicer1.xml'],
      ['rId2', 'http://schemas.microsoft.com/office/2011/relationships/timeline', '../timelines/timeline1.xml'],
    ],
    bookRels: [
      ['rId3', 'http://schemas.microsoft.com/office/2007/relationships/slicerCache', 'slicerCaches/slicerCache1.xml'],
      ['rId4', 'http://schemas.microsoft.com/office/2011/relationships/timelineCache', 'timelineCaches/timelineCache1.xml'],
    ],
    parts: { 'xl/slicers/slicer1.xml': '<slicers/>', 'xl/timelines/timeline1.xml': '<timelines/>', 'xl/slicerCaches/slicerCache1.xml': '<slicerCacheDefinition/>', 'xl/timelineCaches/timelineCache1.xml': '<timelineCacheDefinition/>' },
    types: { 'xl/slicers/slicer1.xml': `${X}.slicer+xml`, 'xl/timelines/timeline1.xml': `${X}.timeline+xml`, 'xl/slicerCaches/slicerCache1.xml': `${X}.slicerCache+xml`, 'xl/timelineCaches/timelineCache1.xml': `${X}.timelineCache+xml` },
  });
  expect(named(pkg)).toEqual(["slicers on sheet 'BOM'", "timelines on sheet 'BOM'"]);
});

test('ActiveX controls, embedded objects and a background picture are named by their sheet', () => {
  const pkg = workbookWith({
    sheetRels: [
      ['rId1', `${NS.r}/control`, '../activeX/activeX1.xml'],
      ['rId2', `${NS.r}/oleObject`, '../embeddings/oleObject1.bin'],
      ['rId3', RT.image, '../media/background.png'],
    ],
    parts: { 'xl/activeX/activeX1.xml': '<ax:ocx xmlns:ax="http://schemas.microsoft.com/office/2006/activeX"/>', 'xl/embeddings/oleObject1.bin': 'ole', 'xl/media/background.png': 'png' },
    types: { 'xl/activeX/activeX1.xml': 'application/vnd.ms-office.activeX+xml', 'xl/embeddings/oleObject1.bin': 'application/vnd.openxmlformats-officedocument.oleObject' },
    sheetTail: '<picture r:id="rId3"/>',
  });
  expect(named(pkg)).toEqual(["ActiveX controls on sheet 'BOM'", "an embedded object on sheet 'BOM'", "the background picture of sheet 'BOM'"]);
});

test('custom XML, custom properties, a thumbnail, connections and an unknown part are each named', () => {
  const pkg = workbookWith({
    rootRels: [
      ['rId4', `${NS.r}/custom-properties`, 'docProps/custom.xml'],
      ['rId5', 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail', 'docProps/thumbnail.jpeg'],
    ],
    bookRels: [
      ['rId5', `${NS.r}/customXml`, '../customXml/item1.xml'],
      ['rId6', `${NS.r}/connections`, 'connections.xml'],
      ['rId7', 'http://example.com/relationships/future', 'future/part1.xml'],
    ],
    parts: {
      'docProps/custom.xml': '<Properties/>',
      'docProps/thumbnail.jpeg': 'jpeg',
      'customXml/item1.xml': '<root/>',
      'xl/connections.xml': '<connections/>',
      'xl/future/part1.xml': '<future/>',
    },
    types: {
      'docProps/custom.xml': 'application/vnd.openxmlformats-officedocument.custom-properties+xml',
      'docProps/thumbnail.jpeg': 'image/jpeg',
      'xl/connections.xml': `${CT.workbook.replace('sheet.main', 'connections')}`,
      'xl/future/part1.xml': 'application/vnd.example.future+xml',
    },
  });
  expect(named(pkg).sort()).toEqual(['custom XML data (customXml/item1.xml)', 'data connections', 'the custom document properties', 'the part xl/future/part1.xml', 'the preview picture (docProps/thumbnail.jpeg)'].sort());
});

test('an empty workbook protection (as LibreOffice writes) protects nothing; a locked structure is named', () => {
  const protectedBook = (attrs: string) =>
    workbookWith({ parts: { 'xl/workbook.xml': `${xmlHead}<workbook xmlns="${NS.main}" xmlns:r="${NS.r}"><workbookProtection${attrs}/><sheets><sheet name="BOM" sheetId="1" r:id="rId1"/></sheets></workbook>` } });
  expect(named(protectedBook(''))).toEqual([]);
  expect(named(protectedBook(' lockStructure="0"'))).toEqual([]);
  expect(named(protectedBook(' lockStructure="1"'))).toEqual(['the protection of the workbook structure']);
});

test("form controls in a legacy VML drawing are named, notes are not, whatever Excel's VML leaves unclosed", () => {
  const vml = (type: string) =>
    `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:x="urn:schemas-microsoft-com:office:excel"><v:shape><v:textbox><div><font>Note<br></font></div></v:textbox><x:ClientData ObjectType="${type}"><x:Anchor>1, 0, 0, 0, 3, 0, 2, 0</x:Anchor></x:ClientData></v:shape></xml>`;
  const withVml = (type: string) => workbookWith({ sheetRels: [['rId1', RT.vmlDrawing, '../drawings/vmlDrawing1.vml']], parts: { 'xl/drawings/vmlDrawing1.vml': vml(type) }, sheetTail: '<legacyDrawing r:id="rId1"/>' });
  expect(named(withVml('Note'))).toEqual([]);
  expect(named(withVml('Checkbox'))).toEqual(["form controls on sheet 'BOM'"]);
});

test('charts, shapes and groups of a drawing are counted by scanning it; a drawing that is not well-formed is named, not skipped', () => {
  const anchor = (body: string) => `<xdr:twoCellAnchor><xdr:from><xdr:col>0</xdr:col></xdr:from>${body}<xdr:clientData/></xdr:twoCellAnchor>`;
  const drawing = (body: string) => `<xdr:wsDr xmlns:xdr="${NS.xdr}" xmlns:a="${NS.a}" xmlns:c="${NS.c}" xmlns:r="${NS.r}">${body}</xdr:wsDr>`;
  const withDrawing = (xml: string) => workbookWith({ sheetRels: [['rId1', RT.drawing, '../drawings/drawing1.xml']], parts: { 'xl/drawings/drawing1.xml': xml }, sheetTail: '<drawing r:id="rId1"/>' });
  const chart = anchor('<xdr:graphicFrame><a:graphic><a:graphicData><c:chart r:id="rId9"/></a:graphicData></a:graphic></xdr:graphicFrame>');
  const shape = anchor('<xdr:sp><xdr:spPr/></xdr:sp>');
  const group = anchor('<xdr:grpSp><xdr:sp/><xdr:sp/></xdr:grpSp>');
  const picture = anchor('<xdr:pic><xdr:blipFill/></xdr:pic>');
  expect(named(withDrawing(drawing(chart + shape + shape + group + picture)))).toEqual(["a chart on sheet 'BOM'", "2 shapes or text boxes on sheet 'BOM'", "a group of shapes on sheet 'BOM'"]);
  expect(named(withDrawing(drawing(shape).replace('</xdr:wsDr>', '')))).toEqual(["the drawing xl/drawings/drawing1.xml on sheet 'BOM'"]);
});

test('a package of thousands of unknown parts is summed up after the first 49', () => {
  const parts = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`extra/part${i}.xml`, '<x/>']));
  const found = named(workbookWith({ parts }));
  expect(found).toHaveLength(50);
  expect(found[0]).toBe('the part extra/part0.xml');
  expect(found[49]).toBe('2951 more parts');
});
