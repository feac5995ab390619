import { CHANGE_FILL } from '../../core/enrich/changes';
import type { TableChanges } from '../../core/tables/table-changes';
import type { RunExcel } from './deps';

/** Rows read back per sync: a large table never goes over the host's payload limit in one answer. */
const READ_ROWS_PER_SYNC = 5000;

/**
 * The values of an imported table (header row first), read before a refresh replaces it, in
 * chunks of rows with one sync each.
 */
export async function readTableRows(run: RunExcel, tableName: string): Promise<unknown[][]> {
  return run(async (context) => {
    const range = context.workbook.tables.getItem(tableName).getRange().load('rowIndex,columnIndex,rowCount,columnCount');
    const sheet = context.workbook.tables.getItem(tableName).worksheet;
    await context.sync();
    const out: unknown[][] = [];
    for (let start = 0; start < range.rowCount; start += READ_ROWS_PER_SYNC) {
      const part = sheet.getRangeByIndexes(range.rowIndex + start, range.columnIndex, Math.min(READ_ROWS_PER_SYNC, range.rowCount - start), range.columnCount).load('values');
      await context.sync();
      out.push(...part.values);
    }
    return out;
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
