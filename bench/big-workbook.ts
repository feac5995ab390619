import { closeSync, openSync, writeSync } from 'node:fs';
import { Zip, ZipDeflate, strToU8 } from 'fflate';

/*
 * A large workbook for B12, written as Excel lays one out: a BOM sheet of `bomRows` part numbers,
 * a sheet with two charts and a chart sheet over the data, a pivot table whose cache holds the
 * first data sheet, and as many data sheets (12 columns of figures) as it takes for the file to
 * reach `targetBytes`. Streamed part by part into the ZIP, so building a 30 MB file needs little
 * memory.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const DATA_ROWS = 10_000;
const DATA_COLUMNS = 12;

export interface BigWorkbookOptions {
  file: string;
  /** Part numbers of the BOM (one per row); repeated to fill `bomRows`. */
  partnos: readonly string[];
  bomRows: number;
  targetBytes: number;
}

/** A deterministic stream of numbers in [0, 1), so the same options give the same file. */
function createRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const column = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26)));
const rels = (items: [string, string, string][]): string => `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${R}/${type}" Target="${target}"/>`).join('')}</Relationships>`;

function* dataSheet(random: () => number): Generator<string> {
  yield `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${R}"><dimension ref="A1:${column(DATA_COLUMNS - 1)}${DATA_ROWS + 1}"/><sheetData><row r="1">`;
  yield Array.from({ length: DATA_COLUMNS }, (_, c) => `<c r="${column(c)}1" t="inlineStr"><is><t>Series ${c + 1}</t></is></c>`).join('') + '</row>';
  for (let r = 2; r <= DATA_ROWS + 1; r += 500) {
    let chunk = '';
    for (let row = r; row < r + 500 && row <= DATA_ROWS + 1; row++) {
      chunk += `<row r="${row}">`;
      for (let c = 0; c < DATA_COLUMNS; c++) chunk += `<c r="${column(c)}${row}"><v>${(random() * 10000).toFixed(3)}</v></c>`;
      chunk += '</row>';
    }
    yield chunk;
  }
  yield '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
}

function chartXml(series: number): string {
  return `${HEAD}<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${R}"><c:chart><c:plotArea><c:layout/><c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/><c:ser><c:idx val="0"/><c:order val="0"/><c:val><c:numRef><c:f>Data1!$${column(series)}$2:$${column(series)}$1000</c:f></c:numRef></c:val></c:ser><c:marker val="1"/><c:axId val="1"/><c:axId val="2"/></c:lineChart><c:catAx><c:axId val="1"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:crossAx val="2"/></c:catAx><c:valAx><c:axId val="2"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:crossAx val="1"/></c:valAx></c:plotArea></c:chart></c:chartSpace>`;
}

const frame = (id: number, rid: string): string =>
  `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${id}" name="Chart ${id}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="${rid}"/></a:graphicData></a:graphic></xdr:graphicFrame>`;
const DRAWING_OPEN = `${HEAD}<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${R}">`;
const twoCell = (row: number, body: string): string =>
  `<xdr:twoCellAnchor><xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>8</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row + 15}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>${body}<xdr:clientData/></xdr:twoCellAnchor>`;

function* pivotRecords(random: () => number): Generator<string> {
  yield `${HEAD}<pivotCacheRecords xmlns="${MAIN}" count="${DATA_ROWS}">`;
  for (let r = 0; r < DATA_ROWS; r += 1000) {
    let chunk = '';
    for (let i = r; i < r + 1000; i++) chunk += `<r><x v="${i % 8}"/><n v="${(random() * 10000).toFixed(3)}"/></r>`;
    yield chunk;
  }
  yield '</pivotCacheRecords>';
}

/** Writes the workbook; returns its size in bytes and how many data sheets it took. */
export function writeBigWorkbook(o: BigWorkbookOptions): { bytes: number; dataSheets: number } {
  const fd = openSync(o.file, 'w');
  let bytes = 0;
  const zip = new Zip((error, data) => {
    if (error) throw error;
    writeSync(fd, data);
    bytes += data.length;
  });
  const add = (path: string, content: Iterable<string> | string | Uint8Array): void => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    if (content instanceof Uint8Array) entry.push(content);
    else for (const text of typeof content === 'string' ? [content] : content) entry.push(strToU8(text));
    entry.push(new Uint8Array(0), true);
  };
  const random = createRandom(12);
  const strings: string[] = [];
  const index = new Map<string, number>();
  const shared = (text: string): number => {
    let i = index.get(text);
    if (i === undefined) {
      i = strings.push(text) - 1;
      index.set(text, i);
    }
    return i;
  };

  const sheets: { name: string; path: string; type: 'worksheet' | 'chartsheet' }[] = [];
  const overrides: [string, string][] = [];
  const sheet = (name: string, type: 'worksheet' | 'chartsheet' = 'worksheet'): string => {
    const path = `${type === 'worksheet' ? 'worksheets' : 'chartsheets'}/sheet${sheets.length + 1}.xml`;
    sheets.push({ name, path, type });
    overrides.push([`/xl/${path}`, `${SML}.${type}+xml`]);
    return `xl/${path}`;
  };

  add(
    sheet('BOM'),
    (function* bom(): Generator<string> {
      yield `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${R}"><dimension ref="A1:D${o.bomRows + 1}"/><sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols><col min="3" max="3" width="24" customWidth="1"/></cols><sheetData>`;
      yield `<row r="1">${['Ref', 'Qty', 'MPN', 'Description'].map((h, c) => `<c r="${column(c)}1" t="s"><v>${shared(h)}</v></c>`).join('')}</row>`;
      for (let r = 0; r < o.bomRows; r += 500) {
        let chunk = '';
        for (let i = r; i < Math.min(r + 500, o.bomRows); i++) {
          const row = i + 2;
          chunk += `<row r="${row}"><c r="A${row}" t="s"><v>${shared(`C${i + 1}`)}</v></c><c r="B${row}"><v>${1 + (i % 7)}</v></c><c r="C${row}" t="s"><v>${shared(o.partnos[i % o.partnos.length])}</v></c><c r="D${row}" t="s"><v>${shared(`line ${i % 40}`)}</v></c></row>`;
        }
        yield chunk;
      }
      yield '</sheetData><autoFilter ref="A1:D1"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
    })(),
  );

  // Charts beside their data, and a chart sheet.
  const chartsPath = sheet('Charts');
  add(chartsPath, `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${R}"><sheetData/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><drawing r:id="rId1"/></worksheet>`);
  add(chartsPath.replace('worksheets/', 'worksheets/_rels/') + '.rels', rels([['rId1', 'drawing', '../drawings/drawing1.xml']]));
  add('xl/drawings/drawing1.xml', `${DRAWING_OPEN}${twoCell(0, frame(2, 'rId1'))}${twoCell(16, frame(3, 'rId2'))}</xdr:wsDr>`);
  add('xl/drawings/_rels/drawing1.xml.rels', rels([['rId1', 'chart', '../charts/chart1.xml'], ['rId2', 'chart', '../charts/chart2.xml']]));
  const chartSheetPath = sheet('Trend', 'chartsheet');
  add(chartSheetPath, `${HEAD}<chartsheet xmlns="${MAIN}" xmlns:r="${R}"><sheetViews><sheetView workbookViewId="0" zoomToFit="1"/></sheetViews><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><drawing r:id="rId1"/></chartsheet>`);
  add(chartSheetPath.replace('chartsheets/', 'chartsheets/_rels/') + '.rels', rels([['rId1', 'drawing', '../drawings/drawing2.xml']]));
  add('xl/drawings/drawing2.xml', `${DRAWING_OPEN}<xdr:absoluteAnchor><xdr:pos x="0" y="0"/><xdr:ext cx="8666326" cy="6293036"/>${frame(2, 'rId1')}<xdr:clientData/></xdr:absoluteAnchor></xdr:wsDr>`);
  add('xl/drawings/_rels/drawing2.xml.rels', rels([['rId1', 'chart', '../charts/chart3.xml']]));
  for (const n of [1, 2, 3]) {
    add(`xl/charts/chart${n}.xml`, chartXml(n));
    overrides.push([`/xl/charts/chart${n}.xml`, 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml']);
  }
  overrides.push(['/xl/drawings/drawing1.xml', 'application/vnd.openxmlformats-officedocument.drawing+xml'], ['/xl/drawings/drawing2.xml', 'application/vnd.openxmlformats-officedocument.drawing+xml']);

  // A pivot table over the first data sheet, its cache holding every record.
  const pivotPath = sheet('Pivot');
  add(pivotPath, `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${R}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Group</t></is></c><c r="B1" t="inlineStr"><is><t>Sum of Series 2</t></is></c></row></sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`);
  add(pivotPath.replace('worksheets/', 'worksheets/_rels/') + '.rels', rels([['rId1', 'pivotTable', '../pivotTables/pivotTable1.xml']]));
  add('xl/pivotTables/pivotTable1.xml', `${HEAD}<pivotTableDefinition xmlns="${MAIN}" name="ByGroup" cacheId="1" dataCaption="Values" updatedVersion="8" minRefreshableVersion="3" createdVersion="8"><location ref="A1:B10" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/><pivotFields count="2"><pivotField axis="axisRow" showAll="0"><items count="9">${Array.from({ length: 8 }, (_, i) => `<item x="${i}"/>`).join('')}<item t="default"/></items></pivotField><pivotField dataField="1" showAll="0"/></pivotFields><rowFields count="1"><field x="0"/></rowFields><dataFields count="1"><dataField name="Sum of Series 2" fld="1" baseField="0" baseItem="0"/></dataFields></pivotTableDefinition>`);
  add('xl/pivotTables/_rels/pivotTable1.xml.rels', rels([['rId1', 'pivotCacheDefinition', '../pivotCache/pivotCacheDefinition1.xml']]));
  add('xl/pivotCache/pivotCacheDefinition1.xml', `${HEAD}<pivotCacheDefinition xmlns="${MAIN}" xmlns:r="${R}" r:id="rId1" refreshedBy="Ana" createdVersion="8" refreshedVersion="8" minRefreshableVersion="3" recordCount="${DATA_ROWS}"><cacheSource type="worksheet"><worksheetSource ref="A1:B${DATA_ROWS + 1}" sheet="Data1"/></cacheSource><cacheFields count="2"><cacheField name="Group" numFmtId="0"><sharedItems count="8">${Array.from({ length: 8 }, (_, i) => `<s v="G${i + 1}"/>`).join('')}</sharedItems></cacheField><cacheField name="Series 2" numFmtId="0"><sharedItems containsSemiMixedTypes="0" containsString="0" containsNumber="1" minValue="0" maxValue="10000"/></cacheField></cacheFields></pivotCacheDefinition>`);
  add('xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels', rels([['rId1', 'pivotCacheRecords', 'pivotCacheRecords1.xml']]));
  add('xl/pivotCache/pivotCacheRecords1.xml', pivotRecords(random));
  overrides.push(
    ['/xl/pivotTables/pivotTable1.xml', `${SML}.pivotTable+xml`],
    ['/xl/pivotCache/pivotCacheDefinition1.xml', `${SML}.pivotCacheDefinition+xml`],
    ['/xl/pivotCache/pivotCacheRecords1.xml', `${SML}.pivotCacheRecords+xml`],
  );

  let dataSheets = 0;
  do {
    dataSheets += 1;
    add(sheet(`Data${dataSheets}`), dataSheet(random));
  } while (bytes < o.targetBytes * 0.97);

  const sheetTags = sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  add('xl/workbook.xml', `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${R}"><workbookPr defaultThemeVersion="166925"/><bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300"/></bookViews><sheets>${sheetTags}</sheets><calcPr calcId="191029"/><pivotCaches><pivotCache cacheId="1" r:id="rIdCache"/></pivotCaches></workbook>`);
  add(
    'xl/_rels/workbook.xml.rels',
    rels([...sheets.map((s, i): [string, string, string] => [`rId${i + 1}`, s.type, s.path]), ['rIdCache', 'pivotCacheDefinition', 'pivotCache/pivotCacheDefinition1.xml'], ['rIdStyles', 'styles', 'styles.xml'], ['rIdStrings', 'sharedStrings', 'sharedStrings.xml']]),
  );
  add('xl/styles.xml', `${HEAD}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`);
  add('xl/sharedStrings.xml', `${HEAD}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`);
  add('_rels/.rels', rels([['rId1', 'officeDocument', 'xl/workbook.xml']]));
  overrides.push(['/xl/workbook.xml', `${SML}.sheet.main+xml`], ['/xl/styles.xml', `${SML}.styles+xml`], ['/xl/sharedStrings.xml', `${SML}.sharedStrings+xml`]);
  add(
    '[Content_Types].xml',
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.map(([p, t]) => `<Override PartName="${p}" ContentType="${t}"/>`).join('')}</Types>`,
  );
  zip.end();
  closeSync(fd);
  return { bytes, dataSheets };
}
