/**
 * A datasheet column in a workbook: each number in the ladder's smallest unit with the format that
 * shows its own (rendered by numfmt), under a header naming no unit; CSV and formulas keep the
 * column unit; a re-run compares old datasheet cells with new values in the unit each holds.
 */
import { format as renderExcel } from 'numfmt';
import { buildEnrichmentColumns } from '../../core/enrich/enrich-plan';
import { isSameValue } from '../../core/enrich/changes';
import { ladderFormat, withoutDatasheet, workbookCellOf, workbookHeaderOf } from '../../core/cells/datasheet';

const [capacitance, inductance, chosen] = buildEnrichmentColumns({ fields: ['Capacitance', 'Inductance', { field: 'RatedVoltage', unit: 'kV' }] }).filter((c) => c.field);

test.each<[number, string, number]>([
  [0.1, '100 pF', 100],
  [4.7, '4.7 nF', 4700],
  [10000, '10 µF', 10000000],
  [0.00051, '0.51 pF', 0.51],
  [22, '22 nF', 22000],
])('%p nF in a workbook: %s, the number %p', (nf, text, stored) => {
  const cell = workbookCellOf(capacitance, nf);
  expect(cell.value).toBe(stored);
  expect(renderExcel(cell.numberFormat, cell.value as number)).toBe(text);
});

test('inductance in µH reads 100 nH and 2.2 µH; headers name no unit in a workbook, the column unit in CSV', () => {
  expect([0.1, 2.2].map((uh) => workbookCellOf(inductance, uh)).map((c) => renderExcel(c.numberFormat, c.value as number))).toEqual(['100 nH', '2.2 µH']);
  expect([capacitance.header, workbookHeaderOf(capacitance)]).toEqual(['PartSpec: Capacitance (nF)', 'PartSpec: Capacitance']);
  // A chosen unit is one unit for the whole column, named in its header everywhere.
  expect([chosen.datasheet, workbookHeaderOf(chosen)]).toEqual([undefined, 'PartSpec: Rated voltage (kV)']);
  expect(workbookCellOf(chosen, 0.05)).toEqual({ value: 0.05, numberFormat: chosen.numberFormat });
  expect(withoutDatasheet(capacitance).datasheet).toBeUndefined();
  expect(workbookHeaderOf(withoutDatasheet(capacitance))).toBe('PartSpec: Capacitance (nF)');
});

test('a ladder format keeps every step so an edited value still gets its prefix; whole values show no decimal point', () => {
  expect(ladderFormat(['pF', 'nF', 'µF'], false)).toBe('[>=1000000]0.###,," µF";[>=1000]0.###," nF";0.###" pF"');
  expect(renderExcel(ladderFormat(['pF', 'nF', 'µF'], true), 47000)).toBe('47 nF');
  expect(renderExcel(ladderFormat(['mm'], false), 1.25)).toBe('1.25 mm');
});

test('a re-run reads old datasheet cells (pF, no unit in the header) and old CSV cells (nF) as the same value', () => {
  expect(isSameValue(capacitance, 4700, 'PartSpec: Capacitance', 4.7)).toBe(true);
  expect(isSameValue(capacitance, 4.7, 'PartSpec: Capacitance (nF)', 4.7)).toBe(true);
  expect(isSameValue(capacitance, 4700, 'PartSpec: Capacitance', 10)).toBe(false);
});
