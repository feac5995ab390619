/*
 * What the add-in's BOM tools read of the BOM around the selection, found as an enrichment finds
 * it (core/enrich/locate.ts through the Excel adapter): the layout, the part numbers and the whole
 * rows.
 */
import type { BomLayout } from '../../core/bom/bom';
import type { Lang } from '../../api/vocabulary';
import { locateBom, type LocatedBom, type LocateFailure } from '../../core/enrich/locate';
import { describeRefusal } from '../../core/enrich/refusal-words';
import { describeLocateFact } from '../../core/enrich/locate-words';
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

export type ReadOutcome = { ok: true; bom: BomRead } | { ok: false; message: string; instead?: BomRead };

/** The sentence for a sheet with nothing on it. */
const EMPTY_SHEET = 'The sheet is empty: select the part numbers of your BOM first.';

/**
 * Why no BOM was found around the selection, in the add-in's words (an empty sheet says what to
 * do), in `lang`; a picked column that holds no part numbers is refused in `lang` too.
 */
export function locateMessage(failure: LocateFailure, lang: Lang = 'en'): string {
  if (failure.refusal) return describeRefusal(failure.refusal, lang);
  const said = describeLocateFact(failure, lang, 'addin');
  if (said !== undefined) return said;
  return failure.kind === 'empty' ? EMPTY_SHEET : failure.message;
}

/** Finds the BOM around the selection (or the named part column): its table or the sheet's used range, the header row and the part column. */
export async function readBom(run: RunExcel, partColumn?: string, lang: Lang = 'en'): Promise<ReadOutcome> {
  const found = await locateBom(excelDocument(run, partColumn));
  if (!found.ok) return { ok: false, message: locateMessage(found, lang), ...(found.instead ? { instead: await readFound(run, found.instead) } : {}) };
  return { ok: true, bom: await readFound(run, found) };
}

/** A located BOM with its part-number cells. */
async function readFound(run: RunExcel, found: LocatedBom): Promise<BomRead> {
  const { region, layout, headers, headerOrigin } = found;
  const part = await readBlock(run, region.sheetName, { row: layout.firstRow, column: layout.partColumn, rowCount: layout.lastRow - layout.firstRow + 1, columnCount: 1 });
  return { sheetName: region.sheetName, tableName: region.tableName, layout, headers, headerOrigin, lastColumn: region.lastColumn, entries: part.map((r) => r[0]) };
}
