/**
 * The maker's series the Product Information API does not cover (ferrite beads, EMI filters,
 * common mode chokes, resonators …): the service answers nothing for them, and the row says why
 * ("Series not covered by the API") instead of reading like a typo; the summary counts them apart.
 */
import { describeRowSummary } from '../../core/bom/bom-rows';
import { describeUncoveredSeries, looksLikeMakerPartNumber, SERIES_NOT_COVERED, uncoveredSeriesOf } from '../../core/bom/maker-numbering';
import { buildEnrichmentRows, matchLabel, type MatchOutcome } from '../../core/enrich/enrich-plan';
import { specialColumn } from '../../core/cells/columns';

test.each([
  ['BLM18AG601SN1D', 'BLM', 'ferrite bead'],
  ['BLM15PX121SN1D', 'BLM', 'ferrite bead'],
  ['NFM18PC105R0J3D', 'NFM', 'EMI filter'],
  ['NFE31PT222Z1E9L', 'NFE', 'EMI filter'],
  ['DLW21SN900SQ2L', 'DLW', 'common mode choke coil'],
  ['DLP11SN900HL2L', 'DLP', 'common mode choke coil'],
  ['CSTNE16M0V530000R0', 'CSTNE', 'ceramic resonator'],
  ['CSTCE8M00G55-R0', 'CSTCE', 'ceramic resonator'],
  ['NCP18XH103F03RB', 'NCP', 'thermistor'],
  [' blm18ag601sn1d ', 'BLM', 'ferrite bead'],
])('%s is the maker’s %s series (%s), outside the API', (partno, series, family) => {
  expect(uncoveredSeriesOf(partno)).toEqual({ series, family });
  expect(looksLikeMakerPartNumber(partno)).toBe(true);
});

test.each(['GRM155R71C104KA88D', 'GRJ188R71H104KE11D', 'KRM31FR71E225KH01K', 'LQM18FN100M00D', 'DFE322512F-2R2M=P2', 'RDER71H104K0M1H03A', 'CL10B104KB8NNNC', 'BLM', 'NFM 18', '', undefined])(
  '%s is not of an uncovered series',
  (partno) => {
    expect(uncoveredSeriesOf(partno)).toBeUndefined();
    expect(describeUncoveredSeries(partno)).toBeUndefined();
  },
);

test('the sentence names the series and what it is', () => {
  expect(describeUncoveredSeries('BLM18AG601SN1D')).toBe("BLM is Murata's ferrite bead series, not covered by the API (ceramic capacitors and inductors only)");
  expect(describeUncoveredSeries('CSTNE16M0V530000R0')).toBe("CSTNE is Murata's ceramic resonator series, not covered by the API (ceramic capacitors and inductors only)");
});

test("a not-found row of such a series says 'Series not covered by the API'; a not-found typo still says 'Not found'", () => {
  const notFound: MatchOutcome = { status: 'notFound', products: [] };
  expect(matchLabel(notFound, 'BLM18AG601SN1D')).toBe(SERIES_NOT_COVERED);
  expect(matchLabel(notFound, 'GRM-TYPO-0001')).toBe('Not found');
  expect(matchLabel(notFound)).toBe('Not found');
  const outcomes = new Map<string, MatchOutcome>([
    ['NFM18PC105R0J3D', notFound],
    ['GRM155R71C104KA89X', notFound],
  ]);
  const rows = buildEnrichmentRows({ entries: ['NFM18PC105R0J3D', 'GRM155R71C104KA89X', ''], outcomes, columns: [specialColumn('match')], mode: 'values', today: new Date('2026-01-01'), partColumn: 0, firstRow: 1 });
  expect(rows).toEqual([['Series not covered by the API'], ['Not found'], ['']]);
});

test('the summary counts the not-found rows of uncovered series apart from the numbers outside the numbering', () => {
  const kinds = { part: 5, blank: 0, dnp: 0, total: 0, otherMaker: 0 };
  expect(describeRowSummary({ rows: 5, exact: 2, variant: 0, ambiguous: 0, notFound: 3, invalid: 0, blank: 0, notOurs: 1, notCovered: 2, kinds })).toBe(
    "5 rows: 2 exact, 0 variant, 0 ambiguous, 3 not found (1 not in Murata's numbering, 2 of a series not covered by the API), 0 invalid, 0 blank",
  );
});
