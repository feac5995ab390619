import { enrichmentColumnWidth } from '../../core/cells/rows';
import {
  buildEnrichmentColumns,
  buildEnrichmentRows,
  buildImportColumns,
  buildProductRows,
  detectBomLayout,
  formulaFor,
  hyperlinkCells,
  identifyPartSpecHeader,
  isPartNumberHeader,
  planChunks,
  planEnrichmentColumns,
  rowPayloadBytes,
  scorePartNumberHeader,
  serializeImportRecord,
  uniqueSheetName,
  uniqueTableName,
  NUMBER_FORMATS,
  PAYLOAD_LIMIT_BYTES,
  type ImportRecord,
  type MatchOutcome,
} from '../../src/sheets';
import { parsePartSpecHeader, specialColumn } from '../../core/cells/columns';
import { countSet, lookupInputs, planSets } from '../../core/enrich/enrich-sets';
import { VALUE_FIELDS } from '../../api/vocabulary';
import type { ProductRecord } from '../../api/product';

const CAP: ProductRecord = {
  group: 'SMD',
  partno: 'GRM155R71C104KA88D',
  values: {
    Partno: 'GRM155R71C104KA88D',
    Status: 'NRND',
    'Specs.Capacitance': 1e-7,
    'Specs.CapacitanceText': '=1+1',
    Notices: '+SUM(A1)',
    ProductName: '@cmd',
    RecommendedApplication: '-2+3',
    ProductDetailUrl: 'https://example.test/p/1',
    'MediaFileUrls.Appearance': 'javascript:alert(1)',
    LastBuyDate: '2030-01-31',
    'ComplianceInfo.Rohs': true,
    AlternativePartno: ['ALT1', 'ALT2'],
  },
};

describe('import columns', () => {
  test('headers carry the stored unit (datasheet or chosen); Partno comes first', () => {
    const cols = buildImportColumns(['Capacitance', { field: 'RatedVoltage', unit: 'kV' }, 'Status', 'rohs', 'LastBuyDate']);
    expect(cols.map((c) => c.header)).toEqual(['Partno', 'Capacitance (pF)', 'RatedVoltage (kV)', 'Status', 'Rohs', 'LastBuyDate']);
    expect(cols.map((c) => c.numberFormat)).toEqual(['@', '[>=1000000]0.###,," µF";[>=1000]0.###," nF";0.###" pF"', 'General', '@', 'General', NUMBER_FORMATS.date]);
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

describe('enrichment plan', () => {
  const columns = buildEnrichmentColumns({ fields: [{ field: 'Capacitance', unit: 'nF' }, 'Status'], risk: true, alternatives: true });

  test('columns are Match, the fields, Risk, Alternatives with PartSpec headers', () => {
    expect(columns.map((c) => c.header)).toEqual(['PartSpec: Match', 'PartSpec: Capacitance (nF)', 'PartSpec: Status', 'PartSpec: Risk', 'PartSpec: Alternatives']);
    expect(columns.map((c) => identifyPartSpecHeader(c.header))).toEqual(['match', 'Specs.Capacitance', 'Status', 'risk', 'alternatives']);
  });

  test('first run appends right of the BOM; a re-run (even with another unit) reuses the same columns', () => {
    const headers = ['Ref', 'MPN', 'Qty'];
    const first = planEnrichmentColumns(columns, headers, 0, 2, 1);
    expect(first.map((p) => [p.column, p.existing])).toEqual([[3, false], [4, false], [5, false], [6, false], [7, false]]);
    const after = [...headers, ...columns.map((c) => c.header), 'User notes'];
    const again = buildEnrichmentColumns({ fields: [{ field: 'Capacitance', unit: 'pF' }, 'Status', 'Rohs'], risk: true, alternatives: true });
    const second = planEnrichmentColumns(again, after, 0, after.length - 1, 1);
    expect(second.map((p) => [p.spec.header, p.column, p.existing])).toEqual([
      ['PartSpec: Match', 3, true],
      ['PartSpec: Capacitance (pF)', 4, true],
      ['PartSpec: Status', 5, true],
      ['PartSpec: Rohs', 9, false],
      ['PartSpec: Risk', 6, true],
      ['PartSpec: Alternatives', 7, true],
    ]);
  });

  test("a second-source column's set is headed with its source, found again by it on a re-run, never mixed with the first column's", () => {
    const headers = ['Ref', 'MPN', 'MPN2'];
    const primary = planEnrichmentColumns(columns, headers, 0, 2, 1);
    const lastPrimary = Math.max(...primary.map((p) => p.column));
    const alternate = planEnrichmentColumns(columns, headers, 0, lastPrimary, 2, { source: 'MPN2' });
    expect(alternate.map((p) => [p.spec.header, p.column, p.existing])).toEqual([
      ['PartSpec (MPN2): Match', 8, false],
      ['PartSpec (MPN2): Capacitance (nF)', 9, false],
      ['PartSpec (MPN2): Status', 10, false],
      ['PartSpec (MPN2): Risk', 11, false],
      ['PartSpec (MPN2): Alternatives', 12, false],
    ]);
    const after = [...headers, ...primary.map((p) => p.spec.header), ...alternate.map((p) => p.spec.header)];
    expect(after.map((h) => parsePartSpecHeader(h))).toEqual([undefined, undefined, undefined, { id: 'match' }, { id: 'Specs.Capacitance' }, { id: 'Status' }, { id: 'risk' }, { id: 'alternatives' }, { id: 'match', source: 'MPN2' }, { id: 'Specs.Capacitance', source: 'MPN2' }, { id: 'Status', source: 'MPN2' }, { id: 'risk', source: 'MPN2' }, { id: 'alternatives', source: 'MPN2' }]);
    expect(planEnrichmentColumns(columns, after, 0, after.length - 1, 1).map((p) => [p.column, p.existing])).toEqual([[3, true], [4, true], [5, true], [6, true], [7, true]]);
    expect(planEnrichmentColumns(columns, after, 0, after.length - 1, 2, { source: 'mpn2' }).map((p) => [p.column, p.existing])).toEqual([[8, true], [9, true], [10, true], [11, true], [12, true]]);
    expect(identifyPartSpecHeader('PartSpec (MPN (alt)): Status', 'MPN (alt)')).toBe('Status');
    expect(identifyPartSpecHeader('PartSpec (MPN2): Status')).toBeUndefined();
    expect(scorePartNumberHeader('PartSpec (MPN2): Match')).toBe(0);
  });

  test('rows: statuses, agreeing variant values, blank entries, formulas that reference the part cell', () => {
    const variantB: ProductRecord = { ...CAP, partno: 'GRM155R71C104KA88J', values: { ...CAP.values, Partno: 'GRM155R71C104KA88J', AlternativePartno: ['ALT3'] } };
    const outcomes = new Map<string, MatchOutcome>([
      ['GRM155R71C104KA88D', { status: 'exact', products: [CAP] }],
      ['GRM155R71C104KA88', { status: 'variant', products: [CAP, variantB] }],
      ['NOPE', { status: 'notFound', products: [] }],
    ]);
    const rows = buildEnrichmentRows({ entries: ['GRM155R71C104KA88D', ' GRM155R71C104KA88 ', '', 'NOPE'], outcomes, columns, mode: 'values', today: new Date(2025, 0, 1), partColumn: 1, firstRow: 1 });
    expect(rows).toEqual([
      ['Exact', 100, 'NRND', 'Risk', 'ALT1, ALT2'],
      ['Variant', 100, 'NRND', 'Risk', 'ALT1, ALT2, ALT3'],
      ['', '', '', '', ''],
      ['Not found', '', '', '', ''],
    ]);
    const formulas = buildEnrichmentRows({ entries: ['GRM155R71C104KA88D'], outcomes, columns, mode: 'formulas', today: new Date(), partColumn: 1, firstRow: 1 });
    expect(formulas[0]).toEqual(['Exact', '=PART.SPEC(B2,"Capacitance","nF")', '=PART.SPEC(B2,"Status")', '=PART.RISK(B2)', '=PART.SPEC(B2,"AlternativePartno")']);
    expect(formulaFor(columns[1], 'C10')).toBe('=PART.SPEC(C10,"Capacitance","nF")');
  });
});

describe('enrichment sets', () => {
  const specs = [...buildEnrichmentColumns({ fields: ['Status'] }), specialColumn('changes')];
  // Columns B..H of a sheet: the BOM starts at column B (headerOrigin 1).
  const headers = ['MPN', 'Manufacturer', 'MPN2', 'Manufacturer2', 'Fit', 'PartSpec: Match', 'Note'];
  const rows = [
    ['GRM155R71C104KA88D', 'Murata', 'CL05B104KO5NNNC', 'Samsung', '', 'Exact', ''],
    ['GRM188R61A106KE69D', 'Murata', 'GRM188R61A106KE69D', 'Murata', 'DNP', '', ''],
    ['CL10A106KP8NNNC', 'Samsung', '', '', '', 'Not fitted', ''],
    ['', '', '', '', '', '', ''],
    ['Total', '', '', '', '', '', ''],
  ];
  const bom = { headers, headerOrigin: 1, lastColumn: 7, rows };
  const sets = planSets(bom, 1, specs, [{ column: 3, source: 'MPN2' }]);

  test("each set classifies rows by its own maker column; PartSpec's own cells are no DNP mark", () => {
    expect(sets.map((s) => [s.partColumn, s.source, s.makerColumn])).toEqual([[1, undefined, 2], [3, 'MPN2', 4]]);
    expect(sets[0].kinds).toEqual(['part', 'dnp', 'otherMaker', 'blank', 'total']);
    expect(sets[0].entries).toEqual(['GRM155R71C104KA88D', undefined, undefined, undefined, undefined]);
    expect(sets[1].kinds).toEqual(['otherMaker', 'dnp', 'blank', 'blank', 'total']);
    expect(lookupInputs(sets)).toEqual(['GRM155R71C104KA88D']);
  });

  test("the first set updates its Match column in place and keeps 'PartSpec: Changes'; a second source's columns go right of everything, without it", () => {
    expect(sets[0].planned.map((p) => [p.spec.header, p.column, p.existing])).toEqual([
      ['PartSpec: Match', 6, true],
      ['PartSpec: Status', 8, false],
      ['PartSpec: Changes', 9, false],
    ]);
    expect(sets[1].planned.map((p) => [p.spec.header, p.column, p.existing])).toEqual([
      ['PartSpec (MPN2): Match', 10, false],
      ['PartSpec (MPN2): Status', 11, false],
    ]);
  });

  test('counts: statuses of looked-up rows, blank rows apart from DNP and total rows, not-found parts outside our numbering', () => {
    const outcomes = new Map<string, MatchOutcome>([['GRM155R71C104KA88D', { status: 'notFound', products: [] }]]);
    expect(countSet(sets[0], bom, outcomes)).toEqual({
      counts: { exact: 0, variant: 0, ambiguous: 0, notFound: 1, invalid: 0, blank: 1 },
      kinds: { part: 1, blank: 1, dnp: 1, total: 1, otherMaker: 1 },
      notOurs: 0,
    });
    const other = planSets({ headers: ['MPN'], headerOrigin: 0, lastColumn: 0, rows: [['CL05B104KO5NNNC'], ['GRM155R71C104KA88D']] }, 0, specs, []);
    const notFound = new Map<string, MatchOutcome>(['CL05B104KO5NNNC', 'GRM155R71C104KA88D'].map((p) => [p, { status: 'notFound', products: [] }]));
    expect(countSet(other[0], { headerOrigin: 0, rows: [['CL05B104KO5NNNC'], ['GRM155R71C104KA88D']] }, notFound).notOurs).toBe(1);
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
