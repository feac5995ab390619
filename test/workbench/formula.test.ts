/** Reading the =PART.* formulas typed into the workbench grid. */
import { parsePartFormula } from '../../src/workbench/formula';
import { formatGeneral, formatValue } from '../../src/workbench/number-format';

test.each([
  ['=PART.SPEC(A2,"Capacitance","nF")', 'SPEC', [{ kind: 'reference', sheet: undefined, address: 'A2' }, { kind: 'literal', value: 'Capacitance' }, { kind: 'literal', value: 'nF' }]],
  ['=part.spec($A$2:$A$9, Sheet2!B1:D1)', 'SPEC', [{ kind: 'reference', sheet: undefined, address: 'A2:A9' }, { kind: 'reference', sheet: 'Sheet2', address: 'B1:D1' }]],
  ["=PART.RISK('My BOM'!C:C)", 'RISK', [{ kind: 'reference', sheet: 'My BOM', address: 'C:C' }]],
  ['=PART.QUERY("inductors",,{"Partno","Status"},,5)', 'QUERY', [
    { kind: 'literal', value: 'inductors' }, { kind: 'omitted' }, { kind: 'array', rows: [['Partno', 'Status']] }, { kind: 'omitted' }, { kind: 'literal', value: 5 },
  ]],
  ['=PART.SPEC("say ""hi""",TRUE)', 'SPEC', [{ kind: 'literal', value: 'say "hi"' }, { kind: 'literal', value: true }]],
])('%s', (formula, id, args) => {
  expect(parsePartFormula(formula)).toEqual({ ok: true, call: { id, args } });
});

test.each(['=SUM(A1:A3)', '=A1+1', '=PART.SPEC(A2', '=PART.SPEC("x") + 1', '=PART.SPEC({1,2;3})'])('%s is not a PART formula', (formula) => {
  expect(parsePartFormula(formula).ok).toBe(false);
});

test.each([
  [0, 'General', '0'],
  [1.5e-9, 'General', '1.5E-09'],
  [6.3, 'General', '6.3'],
  [123456789012, 'General', '1.23457E+11'],
  [45658, 'yyyy-mm-dd', '2025-01-01'],
  [12.5, '0', '13'],
  [1234.5, '#,##0.00', '1,234.50'],
  [0.25, '0%', '25%'],
  [true, 'General', 'TRUE'],
])('%p as %s shows %s', (value, format, text) => {
  expect(formatValue(value, format)).toBe(text);
  if (format === 'General' && typeof value === 'number') expect(formatGeneral(value)).toBe(text);
});
