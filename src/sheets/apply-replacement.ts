import { findReplacements, type ReplacementAnswer } from '../../api/replacements';
import type { Lang } from '../../api/vocabulary';
import { cellAddress, parseAddress } from '../../core/address';
import { NUMBER_FORMATS, specialColumn } from '../../core/cells/columns';
import { entryText, planEnrichmentColumns } from '../../core/enrich/enrich-plan';
import { readBom, type BomRead } from './read-bom';
import type { RunExcel, SheetsClient } from './deps';

/** The BOM row the selection is on, and what it holds. */
export interface SelectedBomRow {
  sheetName: string;
  /** 0-based sheet row. */
  row: number;
  /** The part-number cell (A1, on `sheetName`). */
  partCell: string;
  /** The part number as the row holds it. */
  input: string;
}

export type SelectedRowReplacements = { ok: true; row: SelectedBomRow; answer: ReplacementAnswer } | { ok: false; message: string };

/** Reads the BOM and the row of the active cell; a sentence when the selection is not on a part row. */
async function readSelectedRow(run: RunExcel, partColumn?: string): Promise<{ ok: true; bom: BomRead; row: SelectedBomRow } | { ok: false; message: string }> {
  const read = await readBom(run, partColumn);
  if (!read.ok) return read;
  const { bom } = read;
  const active = await run(async (context) => {
    const cell = context.workbook.getSelectedRange().load('address');
    await context.sync();
    return parseAddress(cell.address);
  });
  const { layout } = bom;
  if (active.sheet !== undefined && active.sheet !== bom.sheetName) return { ok: false, message: `Select a row of the BOM on sheet '${bom.sheetName}' first.` };
  if (active.row < layout.firstRow || active.row > layout.lastRow) return { ok: false, message: 'Select a cell in a row of the BOM (below its header) first.' };
  const input = entryText(bom.entries[active.row - layout.firstRow]);
  if (input === undefined) return { ok: false, message: `Row ${active.row + 1} has no part number.` };
  return { ok: true, bom, row: { sheetName: bom.sheetName, row: active.row, partCell: cellAddress(active.row, layout.partColumn), input } };
}

/**
 * The replacement candidates of the BOM row the selection is on (its part-number column as
 * enrichment finds it, or `partColumn`). Nothing is written.
 */
export async function listSelectedRowReplacements(
  run: RunExcel,
  client: SheetsClient,
  options: { lang?: Lang; max?: number; strict?: boolean; partColumn?: string; signal?: AbortSignal } = {},
): Promise<SelectedRowReplacements> {
  const selected = await readSelectedRow(run, options.partColumn);
  if (!selected.ok) return selected;
  const { answers } = await findReplacements(client, [selected.row.input], { lang: options.lang, max: options.max, strict: options.strict, signal: options.signal });
  return { ok: true, row: selected.row, answer: answers.get(selected.row.input)! };
}

export type ApplyReplacementResult = { ok: true; address: string; noteAddress: string; original: string } | { ok: false; message: string };

/**
 * Writes a replacement part number into a BOM row's part-number cell, as a value in a text-formatted
 * cell, and keeps the part it replaces in the `PartSpec: Replaced part` column (added right of the
 * BOM, inside its table when it is one). A note already there is kept: it names the first
 * original, however often the row is replaced. Refuses when the row no longer holds `expected`.
 */
export async function applyReplacement(
  run: RunExcel,
  target: { sheetName: string; row: number; expected: string; replacement: string; partColumn?: string; lang?: Lang },
): Promise<ApplyReplacementResult> {
  const read = await readBom(run, target.partColumn);
  if (!read.ok) return read;
  const { bom } = read;
  const { layout } = bom;
  if (bom.sheetName !== target.sheetName || target.row < layout.firstRow || target.row > layout.lastRow) {
    return { ok: false, message: 'The BOM changed since the candidates were listed: list them again.' };
  }
  const current = entryText(bom.entries[target.row - layout.firstRow]);
  if (current !== target.expected) {
    return { ok: false, message: `Row ${target.row + 1} now holds '${current ?? ''}', not '${target.expected}': list the candidates again.` };
  }
  const [note] = planEnrichmentColumns([specialColumn('replaced', target.lang)], bom.headers, bom.headerOrigin, bom.lastColumn, layout.partColumn);
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(bom.sheetName);
    if (!note.existing && bom.tableName) context.workbook.tables.getItem(bom.tableName).columns.add(undefined, undefined, note.spec.header);
    const header = sheet.getCell(layout.headerRow, note.column);
    header.numberFormat = [[NUMBER_FORMATS.text]];
    header.values = [[note.spec.header]];
    if (!note.existing && !bom.tableName) header.format.font.bold = true;
    const noteCell = sheet.getCell(target.row, note.column).load('values');
    await context.sync();
    const kept = entryText(noteCell.values[0][0]);
    if (kept === undefined) {
      noteCell.numberFormat = [[NUMBER_FORMATS.text]];
      noteCell.values = [[target.expected]];
    }
    const part = sheet.getCell(target.row, layout.partColumn);
    part.numberFormat = [[NUMBER_FORMATS.text]];
    part.values = [[target.replacement]];
    await context.sync();
    return { ok: true as const, address: cellAddress(target.row, layout.partColumn), noteAddress: cellAddress(target.row, note.column), original: kept ?? target.expected };
  });
}
