/**
 * Text from the service longer than a cell holds (Excel's 32,767 characters) is cut by the core's
 * one rule when the add-in writes it, so one such value cannot fail a whole write.
 */
import { MAX_CELL_TEXT } from '../../core/cells/cell-text';
import { buildImportColumns } from '../../core/cells/columns';
import { writeColumnBatch } from '../../src/sheets/excel-write';
import { createExcelDouble } from '../../src/workbench/excel-double';

test('an enrichment column cuts a 40,000-character notice to 32,767 characters and leaves short text as it is', async () => {
  const excel = createExcelDouble();
  excel.setCells('Sheet1', 'A1', [['MPN'], ['A'], ['B']]);
  const [spec] = buildImportColumns(['Notices']);
  const long = `${'x'.repeat(MAX_CELL_TEXT - 1)}😀${'y'.repeat(8000)}`;
  await writeColumnBatch(
    excel.run,
    { sheetName: 'Sheet1', headerRow: 0, firstRow: 1, rowCount: 2, mode: 'values', columns: [{ column: 1, headerRow: 0, spec, existing: false, firstRow: 1, cells: [long, 'short'] }] },
    {},
  );
  const values = excel.values('Sheet1');
  const cut = String(values[1][1]);
  // Never between the two halves of a character: the emoji that would straddle the limit goes whole.
  expect(cut).toBe('x'.repeat(MAX_CELL_TEXT - 1));
  expect(values[2][1]).toBe('short');
});
