/*
 * The add-in's "replace everywhere": one part by another in every BOM sheet of the open workbook,
 * previewed first, then written. Which cells change and whether the new part is a drop-in are
 * decided in the core (core/replace/replace-plan.ts), as `partspec replace` decides them for files.
 */
import type { Lang } from '../../api/vocabulary';
import { parseAddress } from '../../core/address';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import type { BomDocument, BomRegion } from '../../core/enrich/document';
import { locateBom } from '../../core/enrich/locate';
import { isSummarySheetName } from '../../core/names';
import { judgeReplacement, partNumberKey, planSheet, type CellReplacement } from '../../core/replace/replace-plan';
import type { RunExcel, SheetsClient } from './deps';
import { readBlock } from './excel-document';

/** What a replacement would change in the workbook: the cells, and what the new part is to the old. */
export type WorkbookReplacementPreview =
  | {
      ok: true;
      oldPart: string;
      newPart: string;
      /** True when the new part is a drop-in; otherwise `sentence` names what differs. */
      dropIn: boolean;
      sentence?: string;
      /** Every cell that would change, sheet by sheet, top to bottom. */
      changes: CellReplacement[];
      /** Cells that show the old part through a formula (`'BOM'!C5`): left as they are. */
      formulas: string[];
      /** The sheets searched that hold a BOM. */
      boms: string[];
    }
  | { ok: false; message: string };

/** Each worksheet's used range, as a region a BOM is looked for in (PartSpec's own summary sheets left out). */
export async function sheetRegions(run: RunExcel): Promise<BomRegion[]> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets.load('items/name');
    await context.sync();
    const named = sheets.items.filter((s) => !isSummarySheetName(s.name));
    const used = named.map((s) => s.getUsedRangeOrNullObject(true).load('address'));
    await context.sync();
    return named.flatMap((sheet, i) => {
      if (used[i].isNullObject) return [];
      const block = parseAddress(used[i].address);
      return [{ sheetName: sheet.name, origin: { row: block.row, column: block.column }, rowCount: block.rowCount, lastColumn: block.column + block.columnCount - 1 }];
    });
  });
}

/** One sheet's used range as a read-only BOM document. */
function sheetDocument(run: RunExcel, region: BomRegion): BomDocument {
  return {
    regions: async () => [region],
    read: (sheetName, block) => readBlock(run, sheetName, block),
    write: () => Promise.reject(new Error('a replacement preview writes nothing')),
  };
}

/** Which of the cells hold a formula, in one sync per sheet. */
async function formulaCells(run: RunExcel, sheetName: string, cells: readonly CellReplacement[]): Promise<Set<string>> {
  if (cells.length === 0) return new Set();
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const ranges = cells.map((c) => sheet.getRange(c.cell).load('formulas'));
    await context.sync();
    return new Set(cells.filter((_, i) => String(ranges[i].formulas[0][0]).startsWith('=')).map((c) => c.cell));
  });
}

/**
 * The preview of replacing `oldInput` by `newInput` in every BOM sheet of the workbook: both parts
 * looked up in one request and judged by the one drop-in check, then every sheet whose BOM is
 * found (as enrichment finds it) searched for the old part. Nothing is written.
 */
export async function previewWorkbookReplacement(
  run: RunExcel,
  client: Pick<SheetsClient, 'lookup'>,
  request: { oldPart: string; newPart: string; lang?: Lang; signal?: AbortSignal },
): Promise<WorkbookReplacementPreview> {
  const oldPart = partNumberKey(request.oldPart);
  const newPart = partNumberKey(request.newPart);
  if (oldPart === undefined || newPart === undefined) return { ok: false, message: 'Type the part to replace and the part to put in its place.' };
  if (oldPart === newPart) return { ok: false, message: `Both parts are ${oldPart}: type another part to put in its place.` };
  const outcomes = await client.lookup([oldPart, newPart], { lang: request.lang, signal: request.signal });
  const verdict = judgeReplacement(oldPart, newPart, outcomes, request.lang);
  if (!verdict.ok) return { ok: false, message: verdict.sentence };
  const preview = { ok: true as const, oldPart, newPart, dropIn: verdict.dropIn, sentence: verdict.sentence, changes: [] as CellReplacement[], formulas: [] as string[], boms: [] as string[] };
  for (const region of await sheetRegions(run)) {
    const found = await locateBom(sheetDocument(run, region));
    if (!found.ok) continue;
    preview.boms.push(region.sheetName);
    const { layout } = found;
    const values = await readBlock(run, region.sheetName, { row: 0, column: 0, rowCount: layout.lastRow + 1, columnCount: region.lastColumn + 1 });
    const plan = planSheet({ sheet: region.sheetName, values, layout }, oldPart, newPart);
    const formulas = await formulaCells(run, region.sheetName, plan.changes);
    preview.changes.push(...plan.changes.filter((c) => !formulas.has(c.cell)));
    preview.formulas.push(...[...formulas].map((cell) => `'${region.sheetName}'!${cell}`));
  }
  return preview;
}

export type WorkbookReplacementResult = { ok: true; written: number } | { ok: false; message: string };

/**
 * Writes a preview's cells: each as text in a text-formatted cell (a value starting with = stays
 * text), in one sync. Refused, with nothing written, when a cell no longer holds what the preview
 * read: the user previews again.
 */
export async function applyWorkbookReplacement(run: RunExcel, changes: readonly CellReplacement[]): Promise<WorkbookReplacementResult> {
  return run(async (context) => {
    const ranges = changes.map((c) => context.workbook.worksheets.getItem(c.sheet).getRange(c.cell).load('values'));
    await context.sync();
    const moved = changes.findIndex((c, i) => partNumberKey(ranges[i].values[0][0]) !== partNumberKey(c.before));
    if (moved >= 0) return { ok: false, message: `'${changes[moved].sheet}'!${changes[moved].cell} no longer holds ${String(changes[moved].before)}: preview again. Nothing was written.` };
    changes.forEach((c, i) => {
      ranges[i].numberFormat = [[NUMBER_FORMATS.text]];
      ranges[i].values = [[c.after]];
    });
    await context.sync();
    return { ok: true, written: changes.length };
  });
}
