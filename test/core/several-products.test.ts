/**
 * The one rule for a row of several products: a Variant shows what its packagings agree on, an
 * ambiguous prefix shows nothing, alternatives are every packaging's together; the row's risk is
 * the level its products share. The enrichment's cells, the Replacement column and --fail-on all
 * take it from there.
 */
import type { ProductRecord } from '../../api/product';
import { getField } from '../../api/vocabulary';
import { rowRisk } from '../../core/cells/risk';
import { agreedValue, alternativesOf, fieldValueOfRow, type RowProducts } from '../../core/cells/several-products';
import { buildEnrichmentColumns, buildEnrichmentRows, type MatchOutcome } from '../../core/enrich/enrich-plan';
import { riskyInputs } from '../../core/enrich/replacement-cells';
import { describeFailures } from '../../cli/commands/enrich-changes';

const TODAY = new Date(2026, 0, 15);

function product(partno: string, values: Record<string, unknown>): ProductRecord {
  return { group: 'SMD', partno, values: { Partno: partno, PartnoWithoutPackageCode: partno.slice(0, -1), ...values } } as ProductRecord;
}

const A = product('GRM155R71C104KA88D', { Status: 'NRND', 'Specs.Capacitance': 1e-7, PackageType: 'Paper 180mm', AlternativePartno: ['ALT1'] });
const B = product('GRM155R71C104KA88J', { Status: 'NRND', 'Specs.Capacitance': 1e-7, PackageType: 'Paper 330mm', AlternativePartno: ['ALT1', 'ALT2'] });
const C = product('GRM155R71C104KA88W', { Status: 'In Production', 'Specs.Capacitance': 1e-7, PackageType: 'Paper 180mm' });

const ROWS: Record<string, RowProducts> = {
  exact: { status: 'exact', products: [A] },
  agreeing: { status: 'variant', products: [A, B] },
  differing: { status: 'variant', products: [A, C] },
  ambiguous: { status: 'ambiguous', products: [A, B] },
  notFound: { status: 'notFound', products: [] },
  invalid: { status: 'invalid', products: [] },
};

const field = (name: string) => getField(name)!;

test.each([
  ['exact', 'PackageType', { ok: true, value: 'Paper 180mm' }],
  ['agreeing', 'Status', { ok: true, value: 'NRND' }],
  ['agreeing', 'PackageType', { ok: false, why: 'differ' }],
  ['differing', 'Specs.Capacitance', { ok: true, value: 1e-7 }],
  ['differing', 'Status', { ok: false, why: 'differ' }],
  ['ambiguous', 'Status', { ok: false, why: 'ambiguous' }],
  ['notFound', 'Status', { ok: false, why: 'notFound' }],
  ['invalid', 'Status', { ok: false, why: 'notFound' }],
  ['exact', 'LastBuyDate', { ok: false, why: 'missing' }],
  ['agreeing', 'AlternativePartno', { ok: true, value: 'ALT1, ALT2' }],
  ['differing', 'AlternativePartno', { ok: true, value: 'ALT1' }],
  ['ambiguous', 'AlternativePartno', { ok: false, why: 'ambiguous' }],
])('a %s row: %s → %j', (row, name, expected) => {
  expect(fieldValueOfRow(ROWS[row], field(name))).toEqual(expected);
});

test('agreedValue and alternativesOf on their own', () => {
  expect(agreedValue(ROWS.agreeing, (p) => p.values.Status)).toEqual({ ok: true, value: 'NRND' });
  expect(agreedValue(undefined, (p) => p.values.Status)).toEqual({ ok: false, why: 'notFound' });
  expect(alternativesOf({ status: 'exact', products: [C] })).toEqual({ ok: false, why: 'missing' });
});

describe('the row risk, one rule in every place', () => {
  test.each([
    ['exact', 'Risk'],
    ['agreeing', 'Risk'],
    ['differing', undefined],
    ['ambiguous', undefined],
    ['notFound', undefined],
  ])('a %s row is %s', (row, level) => {
    const risk = rowRisk(ROWS[row], TODAY);
    expect(risk.ok ? risk.value.level : undefined).toBe(level);
    if (risk.ok) expect(risk.value.reason).toBe('Status is NRND (not recommended for new designs)');
  });

  test('the Risk cell, the Replacement rows and --fail-on risk name the same rows', () => {
    const outcomes = new Map<string, MatchOutcome>(Object.entries(ROWS).map(([k, v]) => [k, { status: v.status, products: v.products }]));
    const entries = Object.keys(ROWS);
    const columns = buildEnrichmentColumns({ fields: ['Status'], risk: true });
    const rows = buildEnrichmentRows({ entries, outcomes, columns, mode: 'values', today: TODAY, partColumn: 0, firstRow: 1 });
    const riskCells = rows.map((r) => r[2]);
    expect(riskCells).toEqual(['Risk', 'Risk', '', '', '', '']);
    expect(rows.map((r) => r[1])).toEqual(['NRND', 'NRND', '', '', '', '']);
    const atRisk = entries.filter((_, i) => riskCells[i] === 'Risk');
    expect(riskyInputs(entries, outcomes, TODAY)).toEqual(atRisk);
    const failures = describeFailures({ failOn: new Set(['risk']), entries, outcomes, firstRow: 1, today: TODAY });
    expect(failures).toEqual(atRisk.map((e) => `Row ${entries.indexOf(e) + 2}: '${e}' is Risk: Status is NRND (not recommended for new designs)`));
  });
});
