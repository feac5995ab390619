import { buildEnrichmentColumns } from '../../core/enrich/enrich-plan';
import { specialColumn, type ColumnSpec } from '../../core/cells/columns';
import { describeChanges, detectChanges, isComparedColumn, type PreviousColumn } from '../../core/enrich/changes';
import type { CellValue } from '../../core/cells/cell-values';
import { toExcelSerial } from '../../core/dates';

const serial = (iso: string): number => toExcelSerial(new Date(`${iso}T00:00:00Z`));

/** The columns of an enrichment with these fields (Match first). */
function columns(...fields: (string | { field: string; unit?: string })[]): ColumnSpec[] {
  return buildEnrichmentColumns({ fields, alternatives: true, risk: true });
}

/** The Changes text of one row whose single field column held `before` and now gets `after`. */
function changeOf(field: string | { field: string; unit?: string }, before: unknown, after: CellValue, header?: string): string {
  const specs = columns(field);
  const c = 1;
  const previous: (PreviousColumn | undefined)[] = specs.map((s, i) => (i === c ? { header: header ?? s.header, cells: [before] } : undefined));
  const row = specs.map((_, i) => (i === c ? after : ''));
  return detectChanges({ columns: specs, previous, rows: [row] }).texts[0];
}

describe('detectChanges compares values as values', () => {
  test.each<[string, string | { field: string; unit?: string }, unknown, CellValue, string, string?]>([
    ['a status change', 'Status', 'In Production', 'NRND', 'Status In Production → NRND'],
    ['the same status', 'Status', 'NRND', 'NRND', ''],
    ['a status in Japanese is the same value in English', 'Status', '生産中', 'In Production', ''],
    ['a status no one writes is a hand edit', 'Status', 'Obsolete', 'NRND', 'Status Obsolete (edited by hand) → NRND'],
    ['a date appears', 'LastBuyDate', '', serial('2027-03-31'), 'Last buy date — → 2027-03-31'],
    ['a date disappears', 'LastBuyDate', serial('2027-03-31'), '', 'Last buy date 2027-03-31 → —'],
    ['a date as serial and as text are the same day', 'LastBuyDate', '2027-03-31', serial('2027-03-31'), ''],
    ['a date as a file Date is the same day', 'LastBuyDate', new Date(Date.UTC(2027, 2, 31)), serial('2027-03-31'), ''],
    ['a date moves', 'ProductionEndDate', '2027-03-31', serial('2027-06-30'), 'Production end date 2027-03-31 → 2027-06-30'],
    ['text in a date column is a hand edit', 'LastBuyDate', 'soon', serial('2027-03-31'), 'Last buy date soon (edited by hand) → 2027-03-31'],
    ['a number as CSV text is the same number', 'Specs.RatedVoltage', '50', 50, ''],
    ['a number changes', 'Specs.RatedVoltage', 50, 100, 'Rated voltage (V) 50 → 100'],
    ['text in a number column is a hand edit', 'Specs.RatedVoltage', 'n/a', 50, 'Rated voltage (V) n/a (edited by hand) → 50'],
    ['the same capacitance in F before and nF now', { field: 'Specs.Capacitance', unit: 'nF' }, 1e-7, 100, '', 'PartSpec: Capacitance (F)'],
    ['the same capacitance in pF before and nF now', { field: 'Specs.Capacitance', unit: 'nF' }, 100000, 100, '', 'PartSpec: Capacitance (pF)'],
    ['a capacitance change is shown in the new unit', { field: 'Specs.Capacitance', unit: 'nF' }, 1e-7, 150, 'Capacitance (nF) 100 → 150', 'PartSpec: Capacitance (F)'],
    ['floating-point noise is no change', 'Specs.RatedVoltage', 0.30000000000000004, 0.3, ''],
    ['a list in another order is the same set', 'Mounting', 'Flow soldering, Reflow soldering', 'Reflow soldering, Flow soldering', ''],
    ['a list gains an item', 'Mounting', 'Reflow soldering', 'Reflow soldering, Flow soldering', 'Mounting Reflow soldering → Reflow soldering, Flow soldering'],
    ['a Boolean as text is the same Boolean', 'NewProduct', 'TRUE', true, ''],
    ['a Boolean flips', 'NewProduct', true, false, 'New product TRUE → FALSE'],
    ['text neutralized in CSV is the text', 'Notices', "'=1+1", '=1+1', ''],
    ['blank stays blank', 'Notices', undefined, '', ''],
  ])('%s', (...[, field, before, after, expected, header]) => {
    expect(changeOf(field, before, after, header)).toBe(expected);
  });

  test('Match and Alternatives are compared; Risk and the Changes column are not', () => {
    const specs = [...columns('Status'), specialColumn('changes')];
    expect(specs.map((s) => [s.id, isComparedColumn(s)])).toEqual([
      ['match', true],
      ['Status', true],
      ['risk', false],
      ['alternatives', true],
      ['changes', false],
    ]);
    const previous = specs.map((s) => ({ header: s.header, cells: [['Exact', 'In Production', 'OK', 'A1, B2', 'old text'][specs.indexOf(s)]] }));
    const report = detectChanges({ columns: specs, previous, rows: [['Not found', '', '', '', '']] });
    expect(report.texts).toEqual(['Match Exact → Not found; Status In Production → —; Alternatives A1, B2 → —']);
    expect(report.changes[0].map((c) => c.column)).toEqual([0, 1, 3]);
  });

  test('a first enrichment (no previous columns) and blank rows have no changes', () => {
    const specs = columns('Status');
    const first = detectChanges({ columns: specs, previous: specs.map(() => undefined), rows: [['Exact', 'NRND', 'Risk', '']] });
    expect(first).toEqual({ texts: [''], changes: [[]], changedRows: [], edits: 0 });
    const previous = specs.map((s) => ({ header: s.header, cells: ['', s.id === 'match' ? 'Exact' : s.id === 'Status' ? 'In Production' : ''] }));
    const rows: CellValue[][] = [
      ['', '', '', ''],
      ['Exact', 'NRND', 'Risk', ''],
    ];
    const report = detectChanges({ columns: specs, previous, rows, blank: (r) => r === 0 });
    expect(report.changedRows).toEqual([1]);
    expect(report.texts).toEqual(['', 'Status In Production → NRND']);
  });

  test('hand edits are counted and long values are cut in the text only', () => {
    const long = 'x'.repeat(200);
    const text = describeChanges([{ column: 1, label: 'Notices', before: 'a', after: 'b', edited: true }]);
    expect(text).toBe('Notices a (edited by hand) → b');
    const specs = columns('Notices', 'Status');
    const previous = specs.map((s) => ({ header: s.header, cells: [s.id === 'Status' ? 'Gone' : ''] }));
    const report = detectChanges({ columns: specs, previous, rows: [['', long, 'NRND', '', '']] });
    expect(report.edits).toBe(1);
    expect(report.texts[0]).toBe(`Notices — → ${'x'.repeat(79)}…; Status Gone (edited by hand) → NRND`);
  });

  test('a ja or zh run says the Changes text in its language: status values in its words, the hand-edit mark too', () => {
    const specs = buildEnrichmentColumns({ fields: ['Status'], lang: 'ja' });
    const status = specs.findIndex((s) => s.id === 'Status');
    const previous = specs.map((s, i) => (i === status ? { header: s.header, cells: ['In Production', 'Gone'] } : undefined));
    const rows = [0, 1].map(() => specs.map((_, i) => (i === status ? '生産中止' : '')));
    const ja = detectChanges({ columns: specs, previous, rows, lang: 'ja' });
    expect(ja.texts).toEqual([`${specs[status].header.replace('PartSpec: ', '')} 生産中 → 生産中止`, `${specs[status].header.replace('PartSpec: ', '')} Gone（手入力） → 生産中止`]);
    expect(detectChanges({ columns: specs, previous, rows, lang: 'zh' }).texts[0]).toMatch(/ 目前生产 → 已经停产$/);
  });
});
