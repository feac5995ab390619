/**
 * The portfolio's pure rules: one line per part across BOMs, where each is used (file, sheet,
 * 1-based row), demand = Σ quantity per board × builds, the last-time buy rounded to the minimum
 * order once for the whole plan (not per BOM), generic lines keyed by their words, and the build
 * plan's lines (file, file#sheet) read and matched.
 */
import type { ProductRecord } from '../../api/product';
import { layoutPortfolio, sheetCells } from '../../core/portfolio/layout';
import { buildsOf, parseBuildPlan } from '../../core/portfolio/plan';
import { buildPortfolio } from '../../core/portfolio/portfolio';
import type { PortfolioBom } from '../../core/portfolio/types';
import type { SummaryRow } from '../../core/report/types';

const TODAY = new Date(Date.UTC(2026, 10, 29));

function product(partno: string, values: ProductRecord['values']): ProductRecord {
  return { group: 'SMD', partno, values };
}

/** NRND, last buy in six months, sold by the reel of 1,000. */
const NRND = product('GRM188R71H104KA93D', { Status: 'NRND', LastBuyDate: '2027-05-31', MinOrderQuantity: 1000 });
const OK = product('GRM155R71C104KA88D', { Status: 'In Production', MinOrderQuantity: 10000 });
const GONE = product('GRM21BR61E106KA73L', { Status: 'Discontinued', LastBuyDate: '2025-01-31' });

function partRow(sheetRow: number, partNumber: string, found: ProductRecord | undefined, designators: string[], quantity?: unknown): SummaryRow {
  return {
    sheetRow,
    partNumber,
    kind: 'part',
    designators,
    ...(quantity === undefined ? {} : { quantity }),
    outcome: found ? { status: 'exact', products: [found] } : { status: 'notFound', products: [] },
  };
}

const BOMS: PortfolioBom[] = [
  {
    file: 'main.xlsx',
    sheet: 'BOM',
    builds: 250,
    rows: [
      partRow(5, 'GRM188R71H104KA93D', NRND, ['C1', 'C2', 'C3'], 3),
      partRow(6, 'GRM155R71C104KA88D', OK, ['C4']),
      partRow(7, 'grm188r71h104ka93d', NRND, ['C9']),
      { sheetRow: 8, partNumber: '', kind: 'blank', designators: ['C10', 'C11'], text: '100n 0402 X7R 16V' },
      { sheetRow: 9, partNumber: 'CL10B104KB8NNNC', kind: 'otherMaker', designators: ['C12'] },
      { sheetRow: 10, partNumber: 'GRM155R71C104KA88D', kind: 'dnp', designators: ['C13'] },
    ],
  },
  {
    file: 'io.csv',
    sheet: 'io',
    builds: 40,
    rows: [
      partRow(2, 'GRM188R71H104KA93D', NRND, ['C101', 'C102']),
      partRow(3, 'GRM21BR61E106KA73L', GONE, ['C103']),
      { sheetRow: 4, partNumber: '', kind: 'blank', designators: ['C104'], text: '100N  0402 x7r 16v' },
    ],
  },
];

describe('buildPortfolio', () => {
  const portfolio = buildPortfolio(BOMS, { today: TODAY, lookedUp: 3 });
  const part = (name: string) => portfolio.parts.find((p) => p.partNumber.toUpperCase() === name.toUpperCase())!;

  test('one line per part across BOMs, with every row that uses it', () => {
    const nrnd = part('GRM188R71H104KA93D');
    expect(nrnd.uses.map((u) => [u.file, u.sheet, u.sheetRow, u.designators.join(' '), u.quantity])).toEqual([
      ['main.xlsx', 'BOM', 5, 'C1 C2 C3', 3],
      ['main.xlsx', 'BOM', 7, 'C9', 1],
      ['io.csv', 'io', 2, 'C101 C102', 2],
    ]);
    expect(nrnd.boms).toEqual([
      { file: 'main.xlsx', sheet: 'BOM', quantityPerBoard: 4, builds: 250, demand: 1000 },
      { file: 'io.csv', sheet: 'io', quantityPerBoard: 2, builds: 40, demand: 80 },
    ]);
    expect(nrnd.demand).toBe(1080);
    // The DNP row places nothing: the part's demand is its fitted row alone.
    expect(part('GRM155R71C104KA88D').demand).toBe(250);
  });

  test('the last-time buy is the whole plan rounded up to the minimum order once', () => {
    const nrnd = part('GRM188R71H104KA93D');
    expect(nrnd.risk).toBe('Risk');
    expect(nrnd.lastBuy).toBe('2027-05-31');
    expect(nrnd.minOrderQuantity).toBe(1000);
    // Per BOM it would be 1,000 + 1,000: once for the total, 1,080 is two reels too, and 1,000 + 80 never one.
    expect(nrnd.lastTimeBuy).toBe(2000);
    const single = buildPortfolio([{ ...BOMS[0], builds: 150 }, { ...BOMS[1], builds: 100 }], { today: TODAY, lookedUp: 3 });
    const again = single.parts.find((p) => p.partNumber === 'GRM188R71H104KA93D')!;
    // 4 × 150 + 2 × 100 = 800: one reel for the plan, where rounding per BOM would buy two.
    expect(again.demand).toBe(800);
    expect(again.lastTimeBuy).toBe(1000);
  });

  test('a part past its last buy is too late; parts at risk come first, then the lines without a risk level', () => {
    const gone = part('GRM21BR61E106KA73L');
    expect(gone.risk).toBe('EOL');
    expect(gone.tooLate).toBe(true);
    expect(gone.lastTimeBuy).toBeUndefined();
    expect(portfolio.parts.map((p) => p.risk ?? p.kind)).toEqual(['EOL', 'Risk', 'OK', 'otherMaker', 'generic']);
    expect(portfolio.byRisk).toMatchObject({ EOL: 1, Risk: 1, OK: 1, 'Other maker': 1, Generic: 1, 'Not found': 0 });
  });

  test('generic lines with the same words in another case and spacing are one line', () => {
    const generic = portfolio.parts.find((p) => p.kind === 'generic')!;
    expect(generic.uses.map((u) => `${u.file}:${u.sheetRow}`)).toEqual(['main.xlsx:8', 'io.csv:4']);
    expect(generic.demand).toBe(2 * 250 + 1 * 40);
  });

  test('the layout: Where used sums to each part demand, and the charts read the side tables', () => {
    const [parts, where, risk] = layoutPortfolio(portfolio);
    expect(parts.rows.map((r) => r[0])).toEqual(portfolio.parts.map((p) => p.partNumber));
    const demandAt = where.header.indexOf('Demand');
    const total = where.rows.filter((r) => String(r[0]).toUpperCase() === 'GRM188R71H104KA93D').reduce((sum, r) => sum + Number(r[demandAt]), 0);
    expect(total).toBe(1080);
    expect(risk.rows.map((r) => r[0])).toEqual(['GRM21BR61E106KA73L', 'GRM188R71H104KA93D']);
    const cells = sheetCells(parts);
    expect(cells[parts.chart.categories.row][parts.chart.categories.column]).toBe('EOL');
    expect(cells[parts.chart.series[0].values.row][parts.chart.series[0].values.column]).toBe(1);
  });

  test.each(['ja', 'zh'] as const)('in %s the layout has the same cells and no English word of its own', (lang) => {
    const english = layoutPortfolio(portfolio);
    const sheets = layoutPortfolio(portfolio, lang);
    sheets.forEach((sheet, i) => {
      // The same numbers in the same places; only the words change.
      expect(sheet.rows.map((r) => r.map((c) => (typeof c === 'number' ? c : typeof c)))).toEqual(english[i].rows.map((r) => r.map((c) => (typeof c === 'number' ? c : typeof c))));
      const own = [sheet.name, sheet.chart.title, ...sheet.header, ...sheet.side.header, ...sheet.side.rows.map((r) => String(r[0]))];
      // Kind, risk and the last-time buy's words; BOM file names, part numbers, statuses and reasons are data.
      const columns = i === 0 ? [1, 3] : i === 2 ? [1] : [];
      own.push(...sheet.rows.flatMap((r) => columns.map((c) => r[c])).filter((c): c is string => typeof c === 'string'));
      const left = own.filter((w) => !/\.(xlsx|csv)(#|$)/.test(w)).map((w) => w.replace(/\bBOM\b/g, '')).filter((w) => /[A-Za-z]{2,}/.test(w));
      expect(left).toEqual([]);
    });
  });
});

describe('the build plan', () => {
  test('a header is optional; file and file#sheet lines; the sheet line wins over the file line', () => {
    const plan = parseBuildPlan([['BOM', 'Builds'], ['main.xlsx', '250'], ['main.xlsx#Rev B', '10'], ['', ''], ['io.csv', '40']]);
    expect(plan).toEqual({
      ok: true,
      lines: [
        { file: 'main.xlsx', builds: 250, line: 2 },
        { file: 'main.xlsx', sheet: 'Rev B', builds: 10, line: 3 },
        { file: 'io.csv', builds: 40, line: 5 },
      ],
    });
    if (!plan.ok) return;
    const used = new Set<(typeof plan.lines)[number]>();
    expect(buildsOf(plan.lines, 'boards/main.xlsx', 'BOM', 1, used)).toBe(250);
    expect(buildsOf(plan.lines, 'boards/main.xlsx', 'rev b', 1, used)).toBe(10);
    expect(buildsOf(plan.lines, 'other.csv', 'other', 7, used)).toBe(7);
    expect(used.size).toBe(2);
  });

  test('a line without whole builds is refused, naming it', () => {
    expect(parseBuildPlan([['main.xlsx', 'many']])).toEqual({ ok: false, message: expect.stringMatching(/^line 1 of the plan should be a BOM file name and its builds/) });
    expect(parseBuildPlan([['main.xlsx', '0']]).ok).toBe(false);
  });
});
