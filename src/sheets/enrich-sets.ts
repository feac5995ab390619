/*
 * What one enrichment reads from Excel: the BOM's whole rows and a second-source column named by
 * an address. The sets are planned from them in the core (core/enrich-sets.ts), as
 * `partspec enrich` plans them.
 */
import { columnLetters, parseAddress } from '../../core/address';
import { alternateColumn, type AlternateColumn } from '../../core/enrich/enrich-sets';
import type { RunExcel } from './deps';

/** Cells read per sync when reading whole BOM rows (well under Excel on the web's 5 MB response). */
const READ_CELLS_PER_SYNC = 50_000;

/** The rows of the BOM around its part numbers, as one enrichment reads them. */
export interface BomRows {
  sheetName: string;
  headers: readonly unknown[];
  /** Absolute column of `headers[0]` and of each row's first cell. */
  headerOrigin: number;
  lastColumn: number;
  firstRow: number;
  /** Whole rows from `firstRow` on (planSets leaves PartSpec's own columns out of the row kinds). */
  rows: readonly (readonly unknown[])[];
}

/** Reads whole rows `firstRow`..`lastRow` across the BOM's columns, a block of rows per sync. */
export async function readBomRows(run: RunExcel, bom: { sheetName: string; headers: readonly unknown[]; headerOrigin: number; lastColumn: number }, firstRow: number, lastRow: number): Promise<BomRows> {
  const width = bom.lastColumn - bom.headerOrigin + 1;
  const count = lastRow - firstRow + 1;
  const perSync = Math.max(1, Math.floor(READ_CELLS_PER_SYNC / Math.max(1, width)));
  const rows: unknown[][] = [];
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(bom.sheetName);
    for (let start = 0; start < count; start += perSync) {
      const block = sheet.getRangeByIndexes(firstRow + start, bom.headerOrigin, Math.min(perSync, count - start), width).load('values');
      await context.sync();
      for (const row of block.values) rows.push(row);
    }
  });
  return { sheetName: bom.sheetName, headers: bom.headers, headerOrigin: bom.headerOrigin, lastColumn: bom.lastColumn, firstRow, rows };
}

/** A second-source column named by an address (a BomColumn id, `'BOM'!D2:D41`, or `D:D`): its absolute column, or a sentence why not. */
export function resolveAlternateColumn(address: string, bom: Pick<BomRows, 'headers' | 'headerOrigin' | 'lastColumn'>, partColumn: number): AlternateColumn | { message: string } {
  let column: number;
  try {
    column = parseAddress(address).column;
  } catch {
    return { message: `'${address}' is not a column of the BOM.` };
  }
  if (column < bom.headerOrigin || column > bom.lastColumn) return { message: `Column ${columnLetters(column)} is not a column of the BOM.` };
  if (column === partColumn) return { message: `Column ${columnLetters(column)} holds the part numbers already; tick another column as a second source.` };
  return alternateColumn(bom.headers, bom.headerOrigin, column);
}
