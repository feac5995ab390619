/**
 * Which rows of an enrichment get a suggestion, and when the BOM asks for automotive grade: pure
 * decisions of the core that both shells share.
 */
import type { ProductRecord } from '../../api/product';
import { isAutomotiveBom, rowsToSuggest } from '../../core/enrich/enrich-suggest';
import type { MatchOutcome } from '../../core/enrich/enrich-plan';

const product = (partno: string, aec: boolean): ProductRecord => ({ group: 'SMD', partno, values: { Partno: partno, 'ComplianceInfo.AecQ200Support': aec } });
const found = (aec: boolean): MatchOutcome => ({ status: 'exact', products: [product('MCS15R71C104KA1D', aec)] });

describe('the rows an enrichment suggests parts for', () => {
  const headers = ['Ref', 'Manufacturer', 'MPN', 'Value', 'PartSpec: Match'];
  const rows = [
    ['C1', 'Murata', 'MCS15R71C104KA1D', '100n', 'Exact'],
    ['C2', 'Samsung', 'CL05B104KO5NNNC', '', 'Other maker'],
    ['C3', '', '', '100n', ''],
    ['C4', '', 'XYZ-1', '', 'Not found'],
    ['C5', '', '', '', ''],
    ['C6', '', 'A|B', '', 'Invalid'],
    ['C7', 'Murata', 'MCS15', '', 'Ambiguous'],
    ['C8', '', '', '', 'DNP'],
  ];
  const set = {
    kinds: ['part', 'otherMaker', 'blank', 'part', 'blank', 'part', 'part', 'dnp'] as const,
    entries: ['MCS15R71C104KA1D', undefined, undefined, 'XYZ-1', undefined, 'A|B', 'MCS15', undefined],
  };
  const outcomes = new Map<string, MatchOutcome>([
    ['MCS15R71C104KA1D', found(false)],
    ['XYZ-1', { status: 'notFound', products: [] }],
    ['A|B', { status: 'invalid', products: [] }],
    ['MCS15', { status: 'ambiguous', products: [product('MCS15A', false), product('MCS15B', false)] }],
  ]);

  it('asks for rows of another maker, not found or invalid, and rows with no part number that say something; never for found, ambiguous or DNP rows', () => {
    expect(rowsToSuggest({ kinds: [...set.kinds], entries: set.entries }, headers, rows, outcomes)).toEqual([
      { index: 1, line: 'C2 | Samsung | CL05B104KO5NNNC' },
      { index: 2, line: 'C3 | 100n' },
      { index: 3, line: 'C4 | XYZ-1' },
      { index: 4, line: 'C5' },
      { index: 5, line: 'C6 | A|B' },
    ]);
  });

  it('takes a BOM as automotive when most of the parts it found are AEC-Q200', () => {
    expect(isAutomotiveBom(new Map([['a', found(true)], ['b', found(true)], ['c', found(false)]]))).toBe(true);
    expect(isAutomotiveBom(new Map([['a', found(true)], ['b', found(false)]]))).toBe(false);
    expect(isAutomotiveBom(new Map([['x', { status: 'notFound', products: [] }]]))).toBe(false);
  });
});
