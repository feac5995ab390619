/*
 * The add-in's side of the BomDocument port: the region around the selection (its table or the
 * sheet's used range), reads in blocks of rows per sync, and writes in few syncs (see
 * excel-write.ts). The enrichment itself runs in the core (core/enrich/run-enrichment.ts).
 */
import { containsBlock, intersectsBlock, parseAddress, type CellBlock } from '../../core/address';
import type { BomDocument, BomRegion, ColumnBatch } from '../../core/enrich/document';
import { planNextRead, rowPayloadBytes, type ChunkBudget } from '../../core/tables/chunks';
import type { RunExcel } from './deps';
import { writeColumnBatch } from './excel-write';
import { officeErrorCode } from './office-errors';

/** A whole-column or whole-sheet selection is cut to the used range. */
function clampSelection(selection: CellBlock, used: CellBlock): CellBlock {
  if (containsBlock(used, selection)) return selection;
  const row = Math.max(selection.row, used.row);
  const end = Math.min(selection.row + selection.rowCount, used.row + used.rowCount);
  return { ...selection, row, rowCount: Math.max(1, end - row) };
}

/** The region around the selection, or the named part column: its table, else the sheet's used range (two syncs). */
async function regionOfSelection(run: RunExcel, partColumn: string | undefined): Promise<BomRegion> {
  return run(async (context) => {
    const selected = partColumn?.includes('!')
      ? context.workbook.worksheets.getItem(parseAddress(partColumn).sheet ?? '').getRange(partColumn.slice(partColumn.lastIndexOf('!') + 1))
      : partColumn
        ? context.workbook.worksheets.getActiveWorksheet().getRange(partColumn)
        : context.workbook.getSelectedRange();
    selected.load('address');
    const sheet = selected.worksheet;
    sheet.load('name');
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load('address');
    const tables = sheet.tables.load('items/name');
    await context.sync();
    if (used.isNullObject) return { sheetName: sheet.name, origin: { row: 0, column: 0 }, rowCount: 0, lastColumn: -1 };
    const usedBlock = parseAddress(used.address);
    const selection = clampSelection(parseAddress(selected.address), usedBlock);
    const tableRanges = tables.items.map((t) => t.getRange().load('address'));
    await context.sync();
    const tableIndex = tableRanges.findIndex((r) => intersectsBlock(parseAddress(r.address), selection));
    const region: CellBlock = tableIndex >= 0 ? parseAddress(tableRanges[tableIndex].address) : usedBlock;
    const table = tableIndex >= 0 ? { headerRow: region.row, tableName: tables.items[tableIndex].name } : {};
    return {
      sheetName: sheet.name,
      origin: { row: region.row, column: region.column },
      rowCount: region.rowCount,
      lastColumn: region.column + region.columnCount - 1,
      selection,
      named: partColumn !== undefined,
      ...table,
    };
  });
}

/**
 * Reads a block of a sheet in syncs whose answers stay within the byte budget (Excel on the web
 * refuses a response over 5 MB): each read is sized from the widest row read so far
 * (core/tables/chunks.ts planNextRead), and a read Excel still refuses as too large is asked again
 * with half the rows.
 */
export async function readBlock(run: RunExcel, sheetName: string, block: CellBlock, budget?: ChunkBudget): Promise<unknown[][]> {
  if (block.rowCount <= 0 || block.columnCount <= 0) return [];
  return run(async (context) => readRows(context, context.workbook.worksheets.getItem(sheetName), block, budget));
}

/** readBlock inside a batch that already has the sheet. */
export async function readRows(context: Excel.RequestContext, sheet: Excel.Worksheet, block: CellBlock, budget?: ChunkBudget): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  let widestRowBytes: number | undefined;
  let refusedAbove: number | undefined;
  while (rows.length < block.rowCount) {
    const count = planNextRead({ columnCount: block.columnCount, remaining: block.rowCount - rows.length, widestRowBytes, refusedAbove }, budget);
    const range = sheet.getRangeByIndexes(block.row + rows.length, block.column, count, block.columnCount).load('values');
    try {
      await context.sync();
    } catch (error) {
      const code = officeErrorCode(error);
      if (count > 1 && (code === 'ResponsePayloadSizeLimitExceeded' || code === 'RequestPayloadSizeLimitExceeded')) {
        refusedAbove = Math.floor(count / 2);
        continue;
      }
      throw error;
    }
    for (const row of range.values) {
      rows.push(row);
      widestRowBytes = Math.max(widestRowBytes ?? 0, rowPayloadBytes(row));
    }
  }
  return rows;
}

/**
 * The BOM around the selection, or around `partColumn` (an address such as `Sheet1!C:C` or
 * `C2:C40`), as a BomDocument; `budget` sizes its writes.
 */
export function excelDocument(run: RunExcel, partColumn?: string, budget?: ChunkBudget): BomDocument {
  let tableName: string | undefined;
  return {
    async regions() {
      const region = await regionOfSelection(run, partColumn);
      tableName = region.tableName;
      return [region];
    },
    read: (sheetName, block) => readBlock(run, sheetName, block),
    write: (batch: ColumnBatch) => writeColumnBatch(run, batch, { tableName, budget }),
  };
}
