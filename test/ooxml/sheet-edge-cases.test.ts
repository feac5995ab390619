/**
 * Sheets as real workbooks have them, built here the way Excel (or another program) writes them:
 * data up to the last columns, an empty style sheet, rows and cells out of order, a shared-string
 * count that is not a number, a workbook without worksheets. The patcher merges, recounts and
 * completes what it must, and refuses with one sentence (the file untouched) what it cannot do.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import type { ColumnWrite } from '../../core/enrich/document';
import { FILE_LIMITS } from '../../core/limits';
import { openWorkbookFile } from '../../node/files/workbook-file';
import { CONTENT_TYPES, NS, relationshipType, XML_HEAD } from '../../ooxml/namespaces';
import { UnsafeWriteError, WorkbookPatch } from '../../ooxml/workbook-patch';
import { DEMO_KEY } from '../../emulator';
import { ROOT, runCliProcess, useEmulatorHome } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';

const world = useEmulatorHome();

const rels = (list: [string, string][]): string =>
  `${XML_HEAD}<Relationships xmlns="${NS.packageRelationships}">${list.map(([type, target], i) => `<Relationship Id="rId${i + 1}" Type="${relationshipType(type)}" Target="${target}"/>`).join('')}</Relationships>`;

const EXCEL_STYLES = `${XML_HEAD}<styleSheet xmlns="${NS.main}"><fonts count="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>`;

interface Book {
  /** The worksheet's children after `<dimension>`…: sheetData and what follows it. */
  sheetBody: string;
  styles?: string;
  sharedStrings?: string;
  /** The `<sheets>` content of the workbook part. */
  sheets?: string;
}

/** A package laid out as Excel writes it: content types, relationships, workbook, one sheet, styles, shared strings. */
function book(options: Book): Uint8Array {
  const sheets = options.sheets ?? `<sheet name="BOM" sheetId="1" r:id="rId1"/>`;
  const strings = options.sharedStrings !== undefined;
  const files: Record<string, string> = {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="${NS.contentTypes}"><Default Extension="rels" ContentType="${CONTENT_TYPES.relationships}"/><Default Extension="xml" ContentType="${CONTENT_TYPES.xml}"/><Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPES.workbook}"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CONTENT_TYPES.worksheet}"/><Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPES.styles}"/>${strings ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${CONTENT_TYPES.sharedStrings}"/>` : ''}</Types>`,
    '_rels/.rels': rels([['officeDocument', 'xl/workbook.xml']]),
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${NS.main}" xmlns:r="${NS.relationships}"><workbookPr defaultThemeVersion="164011"/><bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300"/></bookViews><sheets>${sheets}</sheets><calcPr calcId="191029"/></workbook>`,
    'xl/_rels/workbook.xml.rels': rels([['worksheet', 'worksheets/sheet1.xml'], ['styles', 'styles.xml'], ...(strings ? [['sharedStrings', 'sharedStrings.xml'] as [string, string]] : [])]),
    'xl/worksheets/sheet1.xml': `${XML_HEAD}<worksheet xmlns="${NS.main}" xmlns:r="${NS.relationships}"><dimension ref="A1:B3"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>${options.sheetBody}<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`,
    'xl/styles.xml': options.styles ?? EXCEL_STYLES,
  };
  if (strings) files['xl/sharedStrings.xml'] = options.sharedStrings!;
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

const inline = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const TEXT_SPEC: ColumnSpec = { id: 'status', header: 'PartSpec: Status', kind: 'text', numberFormat: NUMBER_FORMATS.text };

/** A PartSpec column: header in row 1, values from row 2. */
function write(column: number, cells: string[]): ColumnWrite {
  return { column, headerRow: 0, firstRow: 1, spec: TEXT_SPEC, existing: false, cells };
}

/** The parts of a patched package, as text. */
function patch(bytes: Uint8Array, writes: ColumnWrite[]): Record<string, string> {
  const wb = new WorkbookPatch(bytes);
  for (const w of writes) wb.writeColumn('BOM', w);
  const parts = unzipSync(Buffer.concat([...wb.patch().chunks]));
  return Object.fromEntries(Object.entries(parts).map(([name, data]) => [name, strFromU8(data)]));
}

describe('data reaching the last columns', () => {
  // A title merged across the sheet up to XFB, as a wide template has it: new columns start at XFC.
  const wide = (): Uint8Array =>
    book({ sheetBody: `<sheetData><row r="1">${inline('A1', 'Part Number')}</row><row r="2">${inline('A2', 'GRM155R71C104KA88D')}</row></sheetData><mergeCells count="1"><mergeCell ref="C1:XFB1"/></mergeCells>` });

  it('takes columns up to XFD and refuses one past it, naming Excel’s column limit', () => {
    const wb = new WorkbookPatch(wide());
    expect(wb.occupiedWidth('BOM')).toBe(FILE_LIMITS.sheetColumns.value - 2);
    expect(() => patch(wide(), [write(16382, ['a']), write(16383, ['b'])])).not.toThrow();
    const refused = (): unknown => patch(wide(), [write(16382, ['a']), write(16383, ['b']), write(16384, ['c'])]);
    expect(refused).toThrow(UnsafeWriteError);
    expect(refused).toThrow(/^the new columns would go past column XFD, over the limit of 16,384 columns .*Excel’s limit, A to XFD\)$/);
  });

  it('partspec enrich refuses with one sentence and leaves the workbook as it was', async () => {
    const file = join(world.home, 'wide.xlsx');
    writeFileSync(file, wide());
    const before = readFileSync(file);
    const run = await runCliInProcess(['enrich', 'wide.xlsx', '--out', 'wide.xlsx', '--fields', 'Status,Capacitance', '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
    expect(run.code).not.toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines[lines.length - 1]).toBe('partspec enrich: wide.xlsx is left as it was: the new columns would go past column XFD, over the limit of 16,384 columns for the columns in a worksheet (Excel’s limit, A to XFD).');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

it('an empty <styleSheet/> gets Excel’s defaults before a format is appended, so the original cells stay General', () => {
  const parts = patch(book({ styles: `${XML_HEAD}<styleSheet xmlns="${NS.main}"/>`, sheetBody: `<sheetData><row r="1">${inline('A1', 'Part Number')}</row><row r="2"><c r="A2"><v>805</v></c></row></sheetData>` }), [write(1, ['ok'])]);
  const styles = parts['xl/styles.xml'];
  const children = [...styles.matchAll(/<(\w+) count="(\d+)">/g)].map((m) => [m[1], Number(m[2])]);
  expect(children.map(([name]) => name)).toEqual(['numFmts', 'fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs', 'cellStyles'].filter((n) => n !== 'numFmts' || styles.includes('<numFmts')));
  expect(styles).toMatch(/<fills count="2"><fill><patternFill patternType="none"\/><\/fill><fill><patternFill patternType="gray125"\/><\/fill><\/fills>/);
  expect(styles).toMatch(/<cellXfs count="\d+"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"\/><xf numFmtId="49"/);
  expect(styles).toContain('<cellStyle name="Normal" xfId="0" builtinId="0"/>');
  // The original number cell has no format of its own: format 0 is General, not the appended text format.
  expect(parts['xl/worksheets/sheet1.xml']).toContain('<c r="A2"><v>805</v></c>');
  expect(parts['xl/worksheets/sheet1.xml']).toMatch(/<c r="B2" s="[1-9]\d*" t="s">/);
});

it('a style sheet with one fill gets gray125 as the second, so a changed cell’s fill is the third', () => {
  const styles = EXCEL_STYLES.replace('<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>', '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>');
  const wb = new WorkbookPatch(book({ styles, sheetBody: `<sheetData><row r="1">${inline('A1', 'Part Number')}</row><row r="2">${inline('A2', 'GRM155R71C104KA88D')}</row></sheetData>` }));
  wb.writeColumn('BOM', { ...write(1, ['NRND']), changed: [true] });
  const parts = unzipSync(Buffer.concat([...wb.patch().chunks]));
  const fills = /<fills count="3">(.*?)<\/fills>/.exec(strFromU8(parts['xl/styles.xml']))![1];
  expect(fills).toMatch(/^<fill><patternFill patternType="none"\/><\/fill><fill><patternFill patternType="gray125"\/><\/fill><fill><patternFill patternType="solid"><fgColor rgb="FFFCE4D6"\/>/);
});

it('rows and cells out of order are merged into, never written twice', () => {
  const body = `<sheetData><row r="1">${inline('B1', 'Qty')}${inline('A1', 'Part Number')}</row><row r="3">${inline('A3', 'LQM21PN1R0MC0D')}</row><row r="2">${inline('A2', 'GRM155R71C104KA88D')}</row></sheetData>`;
  const sheet = patch(book({ sheetBody: body }), [write(1, ['x', 'y']), write(2, ['p', 'q'])])['xl/worksheets/sheet1.xml'];
  expect(sheet.match(/<row r="1"/g)).toHaveLength(1);
  expect(sheet.match(/<row r="2"/g)).toHaveLength(1);
  expect(sheet.match(/<row r="3"/g)).toHaveLength(1);
  expect(sheet.match(/<c r="B1"/g)).toHaveLength(1);
  expect(sheet).toMatch(/<row r="2"><c r="A2" t="inlineStr"><is><t>GRM155R71C104KA88D<\/t><\/is><\/c><c r="B2"[^>]*><v>\d+<\/v><\/c><c r="C2"/);
  expect(sheet).toMatch(/<row r="3"><c r="A3" t="inlineStr"><is><t>LQM21PN1R0MC0D<\/t><\/is><\/c><c r="B3"[^>]*><v>\d+<\/v><\/c><c r="C3"/);
});

it('a shared-string count that is not a number is recounted, never written as NaN', () => {
  const sst = `${XML_HEAD}<sst xmlns="${NS.main}" count="abc" uniqueCount="2"><si><t>Part Number</t></si><si><t>GRM155R71C104KA88D</t></si></sst>`;
  const parts = patch(book({ sharedStrings: sst, sheetBody: '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData>' }), [write(1, ['OK'])]);
  const root = /<sst [^>]*>/.exec(parts['xl/sharedStrings.xml'])![0];
  expect(root).not.toContain('NaN');
  // Two strings used at least once each, two new cells (header and value) referring to two new strings.
  expect(root).toContain('count="4"');
  expect(root).toContain('uniqueCount="4"');
});

it('a workbook without worksheets is refused in one sentence', async () => {
  const file = join(world.home, 'no-sheets.xlsx');
  writeFileSync(file, book({ sheets: '', sheetBody: '<sheetData/>' }));
  await expect(openWorkbookFile(file)).rejects.toThrow(`${file} holds no worksheet (only chart sheets, or no sheet at all), so partspec has nothing to read in it.`);
  const run = await runCliInProcess(['enrich', 'no-sheets.xlsx', '--out', 'no-sheets.xlsx', '--fields', 'Status', '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  expect(run.code).not.toBe(0);
  expect(run.stderr.trim()).toBe('partspec enrich: no-sheets.xlsx holds no worksheet (only chart sheets, or no sheet at all), so partspec has nothing to read in it.');
});

describe('row and cell numbers as other programs write them', () => {
  const values = (sheetBody: string): unknown[][] => new WorkbookPatch(book({ sheetBody })).values('BOM');

  it('a row or cell without a readable number follows the one before it', () => {
    expect(values(`<sheetData><row>${inline('A1', 'Part Number')}</row><row r="abc"><c t="inlineStr"><is><t>GRM155R71C104KA88D</t></is></c><c r="B0"><v>2</v></c></row><row r="0">${inline('A3', 'x')}</row></sheetData>`)).toEqual([['Part Number'], ['GRM155R71C104KA88D', 2], ['x']]);
  });

  it('a row past Excel’s last row or a cell past XFD is refused, naming the limit', () => {
    expect(() => values(`<sheetData><row r="1048576">${inline('A1048576', 'last')}</row></sheetData>`)).not.toThrow();
    expect(() => values(`<sheetData><row r="1048577">${inline('A1048577', 'x')}</row></sheetData>`)).toThrow(
      'Row 1,048,577 of the sheet goes over the limit of 1,048,576 rows for the rows in a worksheet (Excel’s limit); PartSpec stopped reading it and changed nothing.',
    );
    expect(() => values(`<sheetData><row r="1">${inline('XFE1', 'x')}</row></sheetData>`)).toThrow(/^Cell XFE1 of the sheet goes over the limit of 16,384 columns/);
  });
});

describe('a sparse sheet reaching Excel’s last row', () => {
  const body = (b3: string): string => `<sheetData><row r="1">${inline('A1', 'Part Number')}</row><row r="2">${inline('A2', 'GRM155R71C104KA88D')}</row><row r="3">${inline('A3', 'GRM188R71H104KA93D')}${b3}</row><row r="1048576"><c r="B1048576"><v>9</v></c></row></sheetData>`;

  it('a blank written where no cell is writes nothing; one written over a cell empties it', () => {
    const blanks = Array.from({ length: 1_048_575 }, (_, i) => (i === 0 ? 'OK' : ''));
    const sheet = patch(book({ sheetBody: body(inline('C3', 'old')) }), [write(2, blanks)])['xl/worksheets/sheet1.xml'];
    expect(sheet).toMatch(/<row r="3"><c r="A3" t="inlineStr"><is><t>GRM188R71H104KA93D<\/t><\/is><\/c><c r="C3"\/><\/row>/);
    expect(sheet).toContain('<row r="1048576"><c r="B1048576"><v>9</v></c></row>');
    expect(sheet.match(/<c r="C\d+"/g)).toEqual(['<c r="C1"', '<c r="C2"', '<c r="C3"']);
  });

  it('partspec enrich of a 2 KB workbook with a value in row 1,048,576 stays in bounded memory', async () => {
    const file = join(world.home, 'last-row.xlsx');
    const rssFile = join(world.home, 'last-row.rss');
    writeFileSync(file, book({ sheetBody: body('') }));
    const env = { PARTSPEC_API_KEY: DEMO_KEY, NODE_OPTIONS: `--require ${join(ROOT, 'bench', 'memory-children', 'peak-rss.js')}`, PARTSPEC_BENCH_RSS_FILE: rssFile };
    const run = await runCliProcess(['enrich', 'last-row.xlsx', '--out', 'last-row.xlsx', '--fields', 'Status', '--no-cache', '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(0);
    // One cell object per blank row of each new column took 2.3 GB here.
    expect(Number(readFileSync(rssFile, 'utf8'))).toBeLessThan(800 * 1024 * 1024);
    const sheet = strFromU8(unzipSync(readFileSync(file))['xl/worksheets/sheet1.xml']);
    // The four cells it had, and two columns (Match, Status) of three cells each: none on the blank rows.
    expect(sheet.match(/<c /g)).toHaveLength(4 + 2 * 3);
    expect(sheet).toContain('<row r="1048576"><c r="B1048576"><v>9</v></c></row>');
  }, 120_000);
});
