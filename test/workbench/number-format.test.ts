/**
 * The workbench grid shows PartSpec's number formats as Excel does. Expected texts are written
 * out by hand: the grid renders with numfmt, so numfmt cannot be its own judge here.
 */
import { formatValue } from '../../src/workbench/number-format';
import { lookOf } from '../../src/workbench/cell-style';
import { createExcelDouble } from '../../src/workbench/excel-double';

const FRACTION = '[>=1000000]0.###,," µF";[>=1000]0.###," nF";0.###" pF"';
const WHOLE = '[>=1000000]0,," µF";[>=1000]0," nF";0" pF"';

test.each<[number, string, string]>([
  [100, WHOLE, '100 pF'],
  [4700, FRACTION, '4.7 nF'],
  [10000000, WHOLE, '10 µF'],
  [10000000, FRACTION, '10. µF'],
  [0.51, FRACTION, '0.51 pF'],
  [2200, '[>=1000000]0.###,," mH";[>=1000]0.###," µH";0.###" nH"', '2.2 µH'],
  [1234.5, '#,##0.00', '1,234.50'],
  [-3, '0;(0);"zero"', '(3)'],
  [0, '0;(0);"zero"', 'zero'],
  [0.25, '0.0%', '25.0%'],
  [1e-10, 'General', '1E-10'],
  [12, '0" mm"', '12 mm'],
])('%p under %s reads %s', (value, format, text) => {
  expect(formatValue(value, format)).toBe(text);
});

test('a format Excel would refuse shows General rather than breaking the grid', () => {
  expect(formatValue(4.7, '[>=1]0;[>=2]0;[>=3]0;[>=4]0;0')).toBe('4.7');
});

test('grid cells render the cell\'s own format and keep numbers right-aligned', () => {
  const double = createExcelDouble();
  double.setCells('Sheet1', 'A1', [[4700], [10000000]]);
  const sheet = double.model.sheet('Sheet1');
  double.model.setFormat(sheet, 0, 0, FRACTION);
  double.model.setFormat(sheet, 1, 0, WHOLE);
  const looks = [0, 1].map((row) => lookOf(double.model, sheet, [], row, 0));
  expect(looks.map((l) => l.text)).toEqual(['4.7 nF', '10 µF']);
  expect(looks.every((l) => l.style.textAlign === 'right')).toBe(true);
});
