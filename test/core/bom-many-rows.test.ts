/**
 * A sheet as tall as Excel allows (1,048,576 rows) goes through the BOM layout, the set planning
 * and the terminal table without spreading its rows into one call (which overflows the stack).
 */
import { formatTextTable } from '../../cli/table-text';
import { detectBomLayout } from '../../core/bom/bom';
import { planSets } from '../../core/enrich/enrich-sets';

const EXCEL_ROWS = 1_048_576;

test('a BOM of 1,048,576 rows is laid out and planned', () => {
  const values: unknown[][] = [['Ref', 'MPN', 'Manufacturer']];
  for (let r = 1; r < EXCEL_ROWS; r++) values.push([`C${r}`, r % 2 ? 'GRM155R71C104KA88D' : 'CL10B104KB8NNNC', r % 2 ? 'Murata' : 'Samsung']);
  const layout = detectBomLayout({ values, origin: { row: 0, column: 0 } });
  expect(layout).toMatchObject({ ok: true, partColumn: 1, firstRow: 1, lastRow: EXCEL_ROWS - 1 });
  const [set] = planSets({ headers: values[0], headerOrigin: 0, lastColumn: 2, rows: values.slice(1) }, 1, [], []);
  expect(set.makerColumn).toBe(2);
  expect(set.kinds[EXCEL_ROWS - 2]).toBe('part');
});

test('a terminal table of 300,000 rows is aligned by its widest cell', () => {
  const rows = Array.from({ length: 300_000 }, (_, i) => [String(i), 'x']);
  const text = formatTextTable(['Row', 'Value'], rows);
  expect(text.split('\n')[1]).toBe('------  -----');
});
