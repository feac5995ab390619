import type { LookupOutcome, ProductRecord } from '../../api';
import { detectBomLayout, type BomLayout } from '../../core/bom/bom';
import { parseReplaceLog, REPLACE_LOG_KIND } from '../../core/replace/replace-log';
import { judgeReplacement, partNumberKey, planSheet } from '../../core/replace/replace-plan';

const smd = (partno: string, values: Record<string, unknown> = {}): ProductRecord => ({
  group: 'SMD',
  partno,
  values: {
    Partno: partno,
    Status: 'In Production',
    'Specs.Capacitance': 1e-7,
    'Specs.SizecodeMm': '1608',
    'Specs.TemperatureCharacteristics': 'X7R',
    'Specs.RatedVoltageClass': 'DC',
    'Specs.RatedVoltage': 25,
    'Specs.ToleranceCapacitance': '±10%',
    ...values,
  } as ProductRecord['values'],
});

const found = (product: ProductRecord): LookupOutcome => ({ status: 'exact', products: [product] });

function layoutOf(values: unknown[][]): BomLayout {
  const detected = detectBomLayout({ values, origin: { row: 0, column: 0 } });
  if (!detected.ok) throw new Error(detected.message);
  return detected;
}

describe('which cells hold the old part', () => {
  const values: unknown[][] = [
    ['Project Falcon', undefined, undefined],
    ['Ref', 'MPN', 'MPN2', 'Description'],
    ['C1', ' grm188r71h104ka93d ', 'GRM188R71H104KA93D', 'GRM188R71H104KA93D in the description'],
    ['C2', 'GRM188R71H104KA93DX', 'GRM188R71H104KA93', 'longer and shorter numbers'],
    ['C3', 'GRM188R71H104KA93D', undefined, 'a formula'],
    ['C4', 'GRM21BR61E106KA73L', undefined, 'another part'],
  ];

  test('the part-number column and its second source, compared as the lookup compares (case, spaces), never inside a longer number', () => {
    const plan = planSheet({ sheet: 'BOM', values, layout: layoutOf(values) }, 'GRM188R71H104KA93D', 'GRM188R71H104KA01D');
    expect(plan.changes.map((c) => [c.cell, c.before, c.after])).toEqual([
      ['B3', ' grm188r71h104ka93d ', 'GRM188R71H104KA01D'],
      ['C3', 'GRM188R71H104KA93D', 'GRM188R71H104KA01D'],
      ['B5', 'GRM188R71H104KA93D', 'GRM188R71H104KA01D'],
    ]);
    expect(plan.changes[0]).toMatchObject({ sheet: 'BOM', row: 2, column: 1 });
    expect(plan.formulas).toEqual([]);
  });

  test('a cell that holds the part through a formula is named, not changed', () => {
    const plan = planSheet({ sheet: 'BOM', values, layout: layoutOf(values), isFormula: (row, column) => row === 4 && column === 1 }, 'GRM188R71H104KA93D', 'GRM188R71H104KA01D');
    expect(plan.changes.map((c) => c.cell)).toEqual(['B3', 'C3']);
    expect(plan.formulas).toEqual(['B5']);
  });

  test('part numbers are keyed as the lookup reads them; what is not one matches nothing', () => {
    expect(partNumberKey(' grm188r71h104ka93d#')).toBe('GRM188R71H104KA93D');
    expect(partNumberKey('GRM 188')).toBe('GRM 188');
    expect(partNumberKey(12345)).toBe('12345');
    expect(partNumberKey('')).toBeUndefined();
    expect(partNumberKey(true)).toBeUndefined();
  });
});

describe('whether the new part is a drop-in (the one drop-in check)', () => {
  const original = smd('OLD', { 'Specs.ToleranceCapacitance': '±5%' });

  test('equal or better in every stated spec is a drop-in', () => {
    const verdict = judgeReplacement('OLD', 'NEW', new Map([['OLD', found(original)], ['NEW', found(smd('NEW', { 'Specs.RatedVoltage': 50, 'Specs.ToleranceCapacitance': '±5%' }))]]));
    expect(verdict).toMatchObject({ ok: true, dropIn: true, differs: [] });
  });

  test('a lower voltage and a looser tolerance are named in the sentence', () => {
    const verdict = judgeReplacement('OLD', 'NEW', new Map([['OLD', found(original)], ['NEW', found(smd('NEW', { 'Specs.RatedVoltage': 16 }))]]));
    expect(verdict.ok && verdict.dropIn).toBe(false);
    if (!verdict.ok) throw new Error('judged');
    expect(verdict.sentence).toMatch(/^NEW is not a drop-in for OLD: it falls short on RatedVoltage, ToleranceCapacitance \(RatedVoltage 16 V vs 25 V; tolerance ±10% vs ±5%; the new part's value first\)\.$/);
    expect(verdict.differs).toEqual(['RatedVoltage 16 V vs 25 V', 'tolerance ±10% vs ±5%']);
  });

  test('a part of another kind, and a part not In Production, are not drop-ins', () => {
    const inductor: ProductRecord = { group: 'Ind', partno: 'IND', values: { Partno: 'IND', Status: 'In Production' } as ProductRecord['values'] };
    const other = judgeReplacement('OLD', 'IND', new Map([['OLD', found(original)], ['IND', found(inductor)]]));
    expect(other.ok && other.sentence).toBe('IND is not a drop-in for OLD: it is a part of another kind (Ind, not SMD).');
    const ending = judgeReplacement('OLD', 'NEW', new Map([['OLD', found(original)], ['NEW', found(smd('NEW', { Status: 'NRND', 'Specs.ToleranceCapacitance': '±5%' }))]]));
    expect(ending.ok && ending.sentence).toMatch(/falls short on Status \(Status NRND/);
  });

  test('a part not found, or several parts, is said, each once', () => {
    const verdict = judgeReplacement('OLD', 'NEW', new Map<string, LookupOutcome>([['OLD', { status: 'notFound', products: [] }], ['NEW', { status: 'ambiguous', products: [original, original] }]]));
    expect(verdict).toEqual({ ok: false, sentence: 'OLD was not found. NEW matches several parts; give the whole part number.' });
  });
});

describe('the log read back', () => {
  const log = {
    kind: REPLACE_LOG_KIND,
    version: 1,
    written: '2026-11-29T01:00:00.000Z',
    old: 'OLD',
    new: 'NEW',
    acceptedDifferences: [],
    files: [{ file: '/boms/a.csv', format: 'csv', sha256Before: 'a'.repeat(64), sha256After: 'b'.repeat(64), changes: [{ sheet: 'a', cell: 'C4', before: 'old', after: 'NEW', quoted: true }] }],
  };

  test('a log as written is read back as it was', () => {
    expect(parseReplaceLog(JSON.stringify(log))).toEqual({ ok: true, log });
  });

  test.each([
    ['not JSON', '{', 'it is not JSON'],
    ['another JSON file', JSON.stringify({ kind: 'other' }), /is not a log of partspec replace/],
    ['another version', JSON.stringify({ ...log, version: 2 }), /version 2/],
    ['a cell that is no address', JSON.stringify({ ...log, files: [{ ...log.files[0], changes: [{ sheet: 'a', cell: 'C0', before: 'x', after: 'y' }] }] }), /one of its files/],
    ['a hash that is not one', JSON.stringify({ ...log, files: [{ ...log.files[0], sha256After: 'xyz' }] }), /one of its files/],
  ])('%s is refused with a reason', (_, text, reason) => {
    const parsed = parseReplaceLog(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });
});
