import { NUMBER_FORMATS } from '../../core/cells/columns';
import type { RunExcel } from './deps';

/** A suggestion picked into its row: where it went, or why not. */
export type PickedSuggestion = { ok: true; address: string } | { ok: false; message: string };

/**
 * Writes the part number the user picked into the row's `PartSpec: Suggested` cell (as text, so a
 * number-like part number keeps its zeros) and selects that cell: one Excel.run, two syncs (the
 * sheet checked, then the cell written). The part-number column and the user's other
 * cells are not touched.
 */
export async function pickSuggestion(run: RunExcel, target: { sheetName: string; cell: string; partno: string }): Promise<PickedSuggestion> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(target.sheetName).load('name');
    await context.sync();
    if (sheet.isNullObject) return { ok: false, message: `The sheet '${target.sheetName}' is no longer there: enrich the BOM again.` };
    const cell = sheet.getRange(target.cell);
    cell.numberFormat = [[NUMBER_FORMATS.text]];
    cell.values = [[target.partno]];
    sheet.activate();
    cell.select();
    await context.sync();
    return { ok: true, address: `${target.sheetName}!${target.cell}` };
  });
}
