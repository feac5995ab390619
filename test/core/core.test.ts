import { enrichmentColumnWidth } from '../../core/cells/rows';
import { buildImportColumns, NUMBER_FORMATS } from '../../core/cells/columns';
import { buildProductRows, hyperlinkCells } from '../../core/cells/rows';
import { detectBomLayout } from '../../core/bom/bom';
import { isPartNumberHeader, scorePartNumberHeader } from '../../core/bom/header-score';
import { planChunks, rowPayloadBytes, PAYLOAD_LIMIT_BYTES } from '../../core/tables/chunks';
import { serializeImportRecord, type ImportRecord } from '../../core/tables/metadata';
import { uniqueSheetName, uniqueTableName } from '../../core/names';
import { VALUE_FIELDS } from '../../api/vocabulary';
import { CAP } from './sample-product';


describe('import columns', () => {
  test('headers are display names with the unit of the cells (the column unit or the chosen one); the part number comes first', () => {
    const cols = buildImportColumns(['Capacitance', { field: 'RatedVoltage', unit: 'kV' }, 'Status', 'rohs', 'LastBuyDate']);
    expect(cols.map((c) => c.header)).toEqual(['Part number', 'Capacitance (nF)', 'Rated voltage (kV)', 'Status', 'RoHS', 'Last buy date']);
    expect(cols.map((c) => c.numberFormat)).toEqual(['@', 'General', 'General', '@', 'General', NUMBER_FORMATS.date]);
  });

  test('every value field has a column kind and a number format; text kinds are @', () => {
    const cols = buildImportColumns(VALUE_FIELDS.map((f) => f.key));
    expect(cols).toHaveLength(VALUE_FIELDS.length);
    for (const c of cols) {
      if (c.kind === 'text' || c.kind === 'url' || c.kind === 'list') expect(c.numberFormat).toBe('@');
      else expect(c.numberFormat).not.toBe('@');
    }
  });

  test('unknown fields and mismatched units fail with a suggestion', () => {
    expect(() => buildImportColumns(['Capacitence'])).toThrow(/Did you mean 'Capacitance'/);
    expect(() => buildImportColumns([{ field: 'Capacitance', unit: 'nH' }])).toThrow(/measured in F/);
  });

  test('rows are typed: converted numbers, Booleans, date serials, joined lists, hostile text unchanged', () => {
    const cols = buildImportColumns([{ field: 'Capacitance', unit: 'nF' }, 'CapacitanceText', 'Notices', 'ProductName', 'RecommendedApplication', 'Rohs', 'LastBuyDate', 'AlternativePartno', 'RatedVoltage']);
    const [row] = buildProductRows([CAP], cols);
    expect(row).toEqual(['GRM155R71C104KA88D', 100, '=1+1', '+SUM(A1)', '@cmd', '-2+3', true, 47514, 'ALT1, ALT2', '']);
    const hostileCols = cols.filter((c) => ['Specs.CapacitanceText', 'Notices', 'ProductName', 'RecommendedApplication'].includes(c.id));
    expect(hostileCols.every((c) => c.numberFormat === '@')).toBe(true);
  });

  test('only http(s) addresses become hyperlinks', () => {
    const cols = buildImportColumns(['ProductDetailUrl', 'MediaFileUrls.Appearance']);
    const rows = buildProductRows([CAP], cols);
    expect(hyperlinkCells(rows, cols)).toEqual([{ row: 0, column: 1, address: 'https://example.test/p/1' }]);
  });
});

describe('chunk plan', () => {
  test('20,000 rows × 40 columns are cut under the 5 MB payload limit and the cell budget', () => {
    const row = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 1.23456789e-9 : `value ${i} ${'x'.repeat(60)} 日本語`));
    const bytes = Array.from({ length: 20000 }, () => rowPayloadBytes(row));
    const chunks = planChunks(bytes, 40);
    expect(chunks.reduce((n, c) => n + c.count, 0)).toBe(20000);
    expect(chunks[0].start).toBe(0);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i].start).toBe(chunks[i - 1].start + chunks[i - 1].count);
    for (const c of chunks) {
      expect(c.bytes).toBeLessThan(PAYLOAD_LIMIT_BYTES * 0.75);
      expect(c.count * 40).toBeLessThanOrEqual(250_000);
    }
    expect(chunks.length).toBeGreaterThan(1);
  });

  test('a row larger than the budget gets a chunk of its own', () => {
    expect(planChunks([10, 5000, 10], 1, { maxBytes: 100 })).toEqual([
      { start: 0, count: 1, bytes: 10 },
      { start: 1, count: 1, bytes: 5000 },
      { start: 2, count: 1, bytes: 10 },
    ]);
    expect(planChunks([], 5)).toEqual([]);
  });
});

describe('names', () => {
  test.each<[string, string[], string]>([
    ['ceramicCapacitorsSMD', [], 'ceramicCapacitorsSMD'],
    ['a/b\\c:d*e?f[g]h', [], 'a-b-c-d-e-f-g-h'],
    ["'quoted'", [], 'quoted'],
    ['x'.repeat(40), [], 'x'.repeat(31)],
    ['Sheet1', ['sheet1'], 'Sheet1 (2)'],
    ['x'.repeat(40), ['x'.repeat(31)], `${'x'.repeat(27)} (2)`],
    ['History', [], 'PartSpec History'],
    ['', [], 'PartSpec'],
  ])('%s with %p → %s', (wanted, existing, expected) => {
    const name = uniqueSheetName(wanted, existing);
    expect(name).toBe(expected);
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[[\]:*?/\\]/);
  });

  test('table names are identifiers and never cell references', () => {
    expect(uniqueTableName('PartSpec ceramic SMD', [])).toBe('PartSpec_ceramic_SMD');
    expect(uniqueTableName('AB12', [])).toBe('PartSpec_AB12');
    expect(uniqueTableName('1st', [])).toBe('PartSpec_1st');
    expect(uniqueTableName('T', ['t'])).toBe('T_2');
  });
});

describe('BOM header detection', () => {
  test.each<[string, boolean]>([
    ['Part Number', true],
    ['P/N', true],
    ['MPN', true],
    ['Mfr Part #', true],
    ['Mfr. Part No.', true],
    ['Manufacturer Part Number', true],
    ['品番', true],
    ['メーカー品番', true],
    ['型号', true],
    ['制造商料号', true],
    ['Ｐａｒｔ　Ｎｏ', true],
    ['Description', false],
    ['Qty', false],
    ['Reference', false],
    ['PartSpec: Capacitance (nF)', false],
    ['', false],
  ])('%s → %s', (header, expected) => {
    expect(isPartNumberHeader(header)).toBe(expected);
  });

  test('the manufacturer part number beats an internal one', () => {
    expect(scorePartNumberHeader('Mfr Part #')).toBeGreaterThan(scorePartNumberHeader('Internal P/N'));
    const layout = detectBomLayout({
      values: [
        ['My BOM rev 3', '', ''],
        ['Internal P/N', 'Description', 'Manufacturer Part Number'],
        ['X-1', 'cap', 'GRM1'],
        ['X-2', 'ind', 'LQH2'],
      ],
      origin: { row: 0, column: 0 },
      selection: { row: 0, column: 0, rowCount: 1, columnCount: 1 },
    });
    expect(layout).toMatchObject({ ok: true, headerRow: 1, partColumn: 2, firstRow: 2, lastRow: 3, ambiguous: false });
    expect(layout.ok && layout.candidates.map((c) => [c.header, c.samples])).toEqual([
      ['Manufacturer Part Number', ['GRM1', 'LQH2']],
      ['Internal P/N', ['X-1', 'X-2']],
    ]);
  });

  test('a selected column wins, and a selection of rows limits the rows', () => {
    const values = [
      ['Item', 'Code', 'MPN'],
      [1, 'A', 'P1'],
      [2, 'B', 'P2'],
      [3, 'C', 'P3'],
    ];
    expect(detectBomLayout({ values, origin: { row: 4, column: 1 }, selection: { row: 6, column: 2, rowCount: 2, columnCount: 1 } })).toEqual({ ok: true, headerRow: 4, partColumn: 2, firstRow: 6, lastRow: 7, candidates: [], ambiguous: false });
    expect(detectBomLayout({ values: [['x'], ['y']], origin: { row: 0, column: 0 }, selection: { row: 0, column: 0, rowCount: 1, columnCount: 3 } })).toMatchObject({ ok: false });
  });
});

describe('import record', () => {
  const record: ImportRecord = { version: 1, tableName: 'T', sheetName: 'S', query: { category: 'inductors' }, fields: ['Inductance'], lang: 'en', time: '2025-01-01T00:00:00Z', productCount: 1, requestCount: 1, truncated: false };
  test('serializes as plain JSON and refuses anything shaped like a credential', () => {
    expect(JSON.parse(serializeImportRecord(record))).toEqual(record);
    expect(() => serializeImportRecord({ ...record, query: { ...record.query, apiKey: 'k' } as never })).toThrow(/credentials/);
  });
});

describe('enrichmentColumnWidth (the add-in and the workbook patcher size new columns with it)', () => {
  test('a header sets the width, between 60 and 300 points; the Changes column is wide', () => {
    expect(enrichmentColumnWidth({ header: 'PartSpec: Match' })).toBe(15 * 6.5 + 10);
    expect(enrichmentColumnWidth({ header: 'X' })).toBe(60);
    expect(enrichmentColumnWidth({ header: 'x'.repeat(80) })).toBe(300);
    expect(enrichmentColumnWidth({ header: 'PartSpec: Changes', special: 'changes' })).toBe(380);
  });
});
