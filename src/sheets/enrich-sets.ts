/*
 * What the add-in's BOM tools read of the BOM around the selection, found as an enrichment finds
 * it (core/enrich/locate.ts through the Excel adapter): the layout, the part numbers and the whole
 * rows.
 */
import type { BomLayout } from '../../core/bom/bom';
import { locateBom } from '../../core/enrich/locate';
import type { RunExcel } from './deps';
import { excelDocument, readBlock } from './excel-document';

/** The BOM around the selection: where it is and its part-number cells. */
export interface BomRead {
  sheetName: string;
  tableName?: string;
  layout: BomLayout;
  headers: unknown[];
  headerOrigin: number;
  lastColumn: number;
  entries: unknown[];
}

export type ReadOutcome = { ok: true; bom: BomRead } | { ok: false; message: string };

/** The sentence for a sheet with nothing on it. */
export const EMPTY_SHEET = 'The sheet is empty: select the part numbers of your BOM first.';

/** Finds the BOM around the selection (or the named part column): its table or the sheet's used range, the header row and the part column. */
export async function readBom(run: RunExcel, partColumn?: string): Promise<ReadOutcome> {
  const found = await locateBom(excelDocument(run, { partColumn }));
  if (!found.ok) return { ok: false, message: found.kind === 'empty' ? EMPTY_SHEET : found.message };
  const { region, layout, headers, headerOrigin } = found;
  const part = await readBlock(run, region.sheetName, { row: layout.firstRow, column: layout.partColumn, rowCount: layout.lastRow - layout.firstRow + 1, columnCount: 1 });
  return { ok: true, bom: { sheetName: region.sheetName, tableName: region.tableName, layout, headers, headerOrigin, lastColumn: region.lastColumn, entries: part.map((r) => r[0]) } };
}

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
  const block = { row: firstRow, column: bom.headerOrigin, rowCount: lastRow - firstRow + 1, columnCount: bom.lastColumn - bom.headerOrigin + 1 };
  const rows = await readBlock(run, bom.sheetName, block);
  return { sheetName: bom.sheetName, headers: bom.headers, headerOrigin: bom.headerOrigin, lastColumn: bom.lastColumn, firstRow, rows };
}
