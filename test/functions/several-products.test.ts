/**
 * "values" and "formulas" give the same answer for a row of several products: for a full part
 * number, a part number without its package code and an ambiguous prefix, each cell an
 * enrichment writes equals what =PART.SPEC / =PART.RISK answer for the same part number, and an
 * empty cell is an #N/A, against the emulator over real HTTP.
 */
import { list, risk, spec } from '../../src/functions/functions';
import { buildEnrichmentColumns, buildEnrichmentRows } from '../../core/enrich/enrich-plan';
import { startFunctionsHarness, type FunctionsHarness } from '../../testkit/functions-harness';

const FIXED = ['MCS18R71H104KZ9D', 'MCS18R71H104KZ9', 'MCS18', 'XYZ-NOT-A-PART'];
let INPUTS: string[];
const FIELDS = ['Status', 'PackageType', 'RatedVoltage', 'AlternativePartno'];

let h: FunctionsHarness;
beforeAll(async () => {
  h = await startFunctionsHarness();
  // A part number without its package code whose packagings list alternatives.
  const bases = new Map<string, number>();
  for (const p of h.emulator.catalog.products) {
    const alternatives = p.values.AlternativePartno;
    if (Array.isArray(alternatives) && alternatives.length > 0) bases.set(String(p.values.PartnoWithoutPackageCode), (bases.get(String(p.values.PartnoWithoutPackageCode)) ?? 0) + 1);
  }
  const withAlternatives = [...bases].find(([, n]) => n > 1)![0];
  INPUTS = [...FIXED, withAlternatives];
});
afterAll(() => h.close());

/** What one formula cell shows: its value, or '#N/A' / '#VALUE!'. */
async function formulaCell(call: Promise<unknown[][]>): Promise<unknown> {
  try {
    return (await call)[0][0];
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

test('each enrichment cell equals the formula of the same row, an empty cell an #N/A', async () => {
  const formulas: unknown[][] = [];
  for (const input of INPUTS) {
    const row: unknown[] = [];
    for (const field of FIELDS) row.push(await formulaCell(spec([[input]], [[field]])));
    row.push(await formulaCell(risk([[input]])));
    formulas.push(row);
  }
  const outcomes = await h.clients.at(-1)!.lookup(INPUTS);
  expect(INPUTS.map((i) => outcomes.get(i)?.status)).toEqual(['exact', 'variant', 'ambiguous', 'notFound', 'variant']);
  const columns = buildEnrichmentColumns({ fields: FIELDS, risk: true });
  const rows = buildEnrichmentRows({ entries: INPUTS, outcomes, columns, mode: 'values', today: new Date(), partColumn: 0, firstRow: 1 });
  const values = rows.map((r) => r.slice(1).map((cell) => (cell === '' ? '#N/A' : cell)));
  expect(values).toEqual(formulas);
  // The variant shows what its packagings agree on and not their package; the prefix shows nothing.
  expect(formulas[1][0]).toBe('In Production');
  expect(formulas[1][1]).toBe('#N/A');
  expect(formulas[2]).toEqual(FIELDS.map(() => '#N/A').concat('#N/A'));
  // PART.LIST spills the same alternatives the Alternatives cell lists.
  const alternatives = FIELDS.indexOf('AlternativePartno');
  expect(values[4][alternatives]).toMatch(/\S/);
  expect(values[4][alternatives]).not.toBe('#N/A');
  for (const [i, input] of INPUTS.entries()) {
    const cell = values[i][alternatives];
    const spilled = await list(input, 'AlternativePartno').then((rows) => rows.map((r) => r[0]).join(', '), (error: { code?: string }) => error.code);
    expect(spilled).toBe(cell);
  }
});
