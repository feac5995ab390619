/**
 * The compliance pack's rules, line by line: what counts as confirmed, not compliant, unknown and
 * missing; several products of one part number; not-fitted lines listed but not counted; each
 * document address once; the workbook's and page's tables in three languages with no English left
 * in the Japanese and Chinese ones.
 */
import type { ProductRecord } from '../../api/product';
import { compliancePack, type FlagState } from '../../core/compliance/pack';
import { flagWord, layoutPack } from '../../core/compliance/pack-layout';
import type { SummaryRow } from '../../core/report/types';

const product = (partno: string, flags: Partial<Record<'Rohs' | 'Reach' | 'LeadFree' | 'AecQ200Support', boolean>>, docs: Record<string, string> = {}): ProductRecord => ({
  group: 'SMD',
  partno,
  values: {
    ...Object.fromEntries(Object.entries(flags).map(([k, v]) => [`ComplianceInfo.${k}`, v])),
    ...Object.fromEntries(Object.entries(docs).map(([k, v]) => [k === 'SvhcDocumentUrl' ? `ComplianceInfo.${k}` : `MediaFileUrls.${k}`, v])),
  },
});

const row = (sheetRow: number, partNumber: string, kind: SummaryRow['kind'], products?: ProductRecord[], extra: Partial<SummaryRow> = {}): SummaryRow => ({
  sheetRow,
  partNumber,
  kind,
  designators: [],
  ...(products ? { outcome: { status: products.length > 0 ? 'exact' : 'notFound', products } } : {}),
  ...extra,
});

const ROHS_DOC = 'https://maker.example/rohs/A.pdf';
const ROWS: SummaryRow[] = [
  row(2, 'A', 'part', [product('A', { Rohs: true, Reach: true, LeadFree: true, AecQ200Support: false }, { RohsDirectiveCertificateUrl: ROHS_DOC, SvhcDocumentUrl: 'https://maker.example/svhc.pdf' })], { designators: ['C1', 'C2'] }),
  // Two products of one part number: one says no to REACH, one gives no RoHS value.
  row(3, 'B', 'part', [product('B1', { Rohs: true, Reach: true, LeadFree: true }), product('B2', { Reach: false, LeadFree: true })]),
  row(4, 'C', 'part', []),
  row(5, 'X-OTHER', 'otherMaker'),
  row(6, '', 'blank', undefined, { text: '100n 0402 X7R' }),
  row(7, '', 'blank'),
  row(8, 'A', 'dnp', [product('A', { Rohs: true })]),
  row(9, 'A', 'part', [product('A', { Rohs: true, Reach: true, LeadFree: true, AecQ200Support: false }, { RohsDirectiveCertificateUrl: ROHS_DOC })]),
];

test.each<[number, string, Record<string, FlagState>]>([
  [2, 'found', { Rohs: 'yes', Reach: 'yes', LeadFree: 'yes', AecQ200Support: 'no' }],
  [3, 'found', { Rohs: 'unknown', Reach: 'no', LeadFree: 'yes', AecQ200Support: 'unknown' }],
  [4, 'notFound', { Rohs: 'missing', Reach: 'missing', LeadFree: 'missing', AecQ200Support: 'missing' }],
  [5, 'otherMaker', { Rohs: 'missing', Reach: 'missing', LeadFree: 'missing', AecQ200Support: 'missing' }],
  [6, 'noPartNumber', { Rohs: 'missing', Reach: 'missing', LeadFree: 'missing', AecQ200Support: 'missing' }],
  [8, 'notFitted', { Rohs: 'missing', Reach: 'missing', LeadFree: 'missing', AecQ200Support: 'missing' }],
])('row %i is %s with its flags', (sheetRow, state, flags) => {
  const pack = compliancePack([{ source: { file: 'a.xlsx', sheet: 'BOM' }, rows: ROWS }]);
  const line = pack.lines.find((l) => l.sheetRow === sheetRow)!;
  expect(line.state).toBe(state);
  expect(line.flags).toEqual(flags);
  expect(line.source).toEqual({ file: 'a.xlsx', sheet: 'BOM' });
});

test('blank rows are left out; not-fitted lines are listed but not counted; each address is listed once with its parts', () => {
  const pack = compliancePack([{ source: { sheet: 'BOM' }, rows: ROWS }]);
  expect(pack.lines.map((l) => l.sheetRow)).toEqual([2, 3, 4, 5, 6, 8, 9]);
  const rohs = pack.totals.find((t) => t.flag === 'Rohs')!;
  // Fitted lines: 2 (yes), 3 (unknown), 4, 5, 6 (missing), 9 (yes).
  expect(rohs).toEqual({ flag: 'Rohs', yes: 2, no: 0, unknown: 1, missing: 3 });
  expect(pack.totals.find((t) => t.flag === 'Reach')).toEqual({ flag: 'Reach', yes: 2, no: 1, unknown: 0, missing: 3 });
  expect(pack.documentCounts).toEqual({ rohsCertificate: 2, reachDeclaration: 0, conflictMinerals: 0, svhc: 1 });
  expect(pack.documents).toEqual([
    { kind: 'rohsCertificate', url: ROHS_DOC, partnos: ['A'] },
    { kind: 'svhc', url: 'https://maker.example/svhc.pdf', partnos: ['A'] },
  ]);
});

test('several BOMs: lines keep their source, totals add up', () => {
  const pack = compliancePack([
    { source: { file: 'a.csv', sheet: 'a' }, rows: ROWS },
    { source: { file: 'b.xlsx', sheet: 'Main' }, rows: ROWS.slice(0, 2) },
  ]);
  expect(pack.sources).toHaveLength(2);
  expect(pack.lines.filter((l) => l.source.file === 'b.xlsx').map((l) => l.sheetRow)).toEqual([2, 3]);
  expect(pack.totals.find((t) => t.flag === 'Rohs')).toEqual({ flag: 'Rohs', yes: 3, no: 0, unknown: 2, missing: 3 });
});

test('the tables say the same in every language, with no English words in Japanese and Chinese', () => {
  const pack = compliancePack([{ source: { file: 'a.xlsx', sheet: 'BOM' }, rows: ROWS }]);
  for (const lang of ['en', 'ja', 'zh'] as const) {
    const layout = layoutPack(pack, lang, { fetchedAt: '2026-11-29T00:00:00Z' });
    const [lines, totals, documents] = layout.tables;
    expect(lines.rows).toHaveLength(pack.lines.length);
    expect(lines.rows.every((r) => r.length <= lines.header.length)).toBe(true);
    expect(totals.rows.slice(0, 4).map((r) => r.slice(1))).toEqual(pack.totals.map((t) => [t.yes, t.no, t.unknown, t.missing]));
    expect(documents.rows.map((r) => r[1])).toEqual(pack.documents.map((d) => ({ link: d.url })));
    // Row 3's REACH cell is the 'no' word of the language.
    expect(lines.rows[1][8]).toBe(flagWord('no', lang));
    if (lang === 'en') continue;
    // The pack's own words: titles, headers, line states, flag words, the totals' and documents' labels (not the BOM's text or part numbers).
    const own = [layout.title, ...layout.lines, ...layout.tables.flatMap((t) => [t.name, ...t.header])];
    own.push(...lines.rows.flatMap((r) => r.slice(5, 6).concat(r.slice(7, 11))).filter((c): c is string => typeof c === 'string'));
    own.push(...totals.rows.map((r) => r[0] as string), ...documents.rows.map((r) => r[0] as string));
    const english = own.map((w) => w.replace(/\b(RoHS|REACH|AEC-Q200|SVHC|BOM)\b/g, '')).filter((w) => /[A-Za-z]{2,}/.test(w));
    expect(english).toEqual([]);
  }
});
