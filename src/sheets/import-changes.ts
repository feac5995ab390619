import { CHANGE_FILL } from '../../core/enrich/changes';
import type { TableChanges } from '../../core/tables/table-changes';
import type { RunExcel } from './deps';
import { readRows } from './excel-document';

/**
 * The values of an imported table (header row first), read before a refresh replaces it, in
 * syncs whose answers stay within the byte budget (readRows).
 */
export async function readTableRows(run: RunExcel, tableName: string): Promise<unknown[][]> {
  return run(async (context) => {
    const range = context.workbook.tables.getItem(tableName).getRange().load('rowIndex,columnIndex,rowCount,columnCount');
    const sheet = context.workbook.tables.getItem(tableName).worksheet;
    await context.sync();
    return readRows(context, sheet, { row: range.rowIndex, column: range.columnIndex, rowCount: range.rowCount, columnCount: range.columnCount });
  });
}

/**
 * Fills the cells a refresh changed (the table was written fresh, so no earlier fill is left to
 * clear): one range per run of changed rows in a column, all in one sync.
 */
export async function markTableChanges(run: RunExcel, at: { sheetName: string; firstRow: number; left: number }, changes: TableChanges): Promise<void> {
  const byColumn = new Map<number, number[]>();
  changes.changedCells.forEach((cells, r) => cells.forEach((c) => byColumn.set(c, [...(byColumn.get(c) ?? []), r])));
  if (byColumn.size === 0) return;
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(at.sheetName);
    for (const [c, rows] of byColumn) {
      let start = rows[0];
      rows.forEach((r, i) => {
        const next = rows[i + 1];
        if (next === r + 1) return;
        sheet.getRangeByIndexes(at.firstRow + start, at.left + c, r - start + 1, 1).format.fill.color = CHANGE_FILL;
        start = next;
      });
    }
    await context.sync();
  });
}
