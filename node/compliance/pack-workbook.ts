import type { PackCell, PackLayout } from '../../core/compliance/pack-layout';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import { typedCellOf } from '../../ooxml/typed-cells';
import type { XlsxCell } from '../../ooxml/xlsx-stream-writer';
import { writeNewWorkbook } from '../files/xlsx';

/*
 * The compliance pack's workbook: one sheet per table of the layout, a bold frozen header with a
 * filter, text as text (a value starting with = stays text), addresses as links.
 */

function xlsxCell(cell: PackCell): XlsxCell | undefined {
  if (cell === undefined || cell === '') return undefined;
  if (typeof cell === 'number') return { type: 'number', value: cell, numFmt: NUMBER_FORMATS.general };
  if (typeof cell === 'string') return typedCellOf(cell, { kind: 'text', numberFormat: NUMBER_FORMATS.text });
  return typedCellOf(cell.link, { kind: 'url', numberFormat: NUMBER_FORMATS.text });
}

export async function writePackWorkbook(file: string, layout: PackLayout): Promise<void> {
  await writeNewWorkbook(
    file,
    layout.tables.map((table) => ({
      name: table.name,
      rows: [table.header.map((h): XlsxCell => ({ type: 'text', value: h, numFmt: NUMBER_FORMATS.text, bold: true })), ...table.rows.map((row) => table.header.map((_, c) => xlsxCell(row[c])))],
      options: { widths: table.widths, frozenRows: 1 },
      autoFilterColumns: table.header.length,
    })),
  );
}
