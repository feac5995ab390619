/** The enrichment plan (which columns an enrichment adds or reuses) and its lookup sets. */
import { buildEnrichmentColumns, buildEnrichmentRows, formulaFor, planEnrichmentColumns, type MatchOutcome } from '../../core/enrich/enrich-plan';
import { identifyPartSpecHeader } from '../../core/cells/columns';
import { scorePartNumberHeader } from '../../core/bom/header-score';
import { parsePartSpecHeader, specialColumn } from '../../core/cells/columns';
import { countSet, lookupInputs, planSets } from '../../core/enrich/enrich-sets';
import type { ProductRecord } from '../../api/product';
import { CAP } from './sample-product';

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
      ['PartSpec: RoHS', 9, false],
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
      notCovered: 0,
    });
    const other = planSets({ headers: ['MPN'], headerOrigin: 0, lastColumn: 0, rows: [['CL05B104KO5NNNC'], ['GRM155R71C104KA88D']] }, 0, specs, []);
    const notFound = new Map<string, MatchOutcome>(['CL05B104KO5NNNC', 'GRM155R71C104KA88D'].map((p) => [p, { status: 'notFound', products: [] }]));
    expect(countSet(other[0], { headerOrigin: 0, rows: [['CL05B104KO5NNNC'], ['GRM155R71C104KA88D']] }, notFound).notOurs).toBe(1);
  });
});
