import type { Lang } from '../../api/vocabulary';
import { statSync } from 'node:fs';
import { workbookHeaderOf } from '../../core/cells/datasheet';
import { extname, resolve } from 'node:path';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import type { HighlightRule } from '../../core/enrich/highlight';
import { uniqueSheetName } from '../../core/names';
import type { ColumnWrite } from '../../core/enrich/document';
import { BomFile } from './bom-document';
import type { CellType } from '../../ooxml/cells';
import { NEW_CSV_LAYOUT, csvGridCell, quoteField, type CsvTable, type GridCell } from './csv';
import { fieldStarts, type TextRecord } from './text-records';
import { writeFileSafely } from './files';
import { FileError } from '../errors';
import { ENCODING_NAMES, unencodable, type TextLayout } from './text-encoding';
import { writeTextLines } from './text-file';
import { writeGridWorkbook } from './xlsx';
import { countOverCellText, describeCutCells } from '../../core/cells/cell-text';
import { ENCODING_NOTES } from './encoding-notes';

const TEXT: CellType = { kind: 'text', numberFormat: NUMBER_FORMATS.text };

/** Rows longer than this are walked by their keys, not their slots (a row written at XFD holds a few cells). */
const SPARSE_WALK = 1024;

/** The columns of `row` from `from` to `to` (exclusive) that hold a cell, left to right. */
function filledColumns(row: readonly GridCell[], from: number, to: number): number[] {
  const out: number[] = [];
  if (row.length > SPARSE_WALK) {
    // Integer keys come in ascending order.
    for (const key in row) {
      const c = Number(key);
      if (c >= from && c < to && row[c] !== undefined) out.push(c);
    }
  } else {
    for (let c = from; c < Math.min(to, row.length); c++) if (row[c] !== undefined) out.push(c);
  }
  return out;
}

/** Whether two names are the same file (the same path, or one file under two names). */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** A text BOM (CSV, TSV, TXT): a grid of the file's text, plus the typed cells PartSpec adds. */
export class CsvBom extends BomFile {
  private readonly grid: GridCell[][];
  private readonly highlights: { column: number; firstRow: number; lastRow: number; rules: readonly HighlightRule[] }[] = [];
  /** Per row, the first column PartSpec wrote: the line is kept as it stands up to that column. */
  private readonly firstWritten: (number | undefined)[] = [];
  /** Changed cells (0-based row, column), filled when saved as xlsx. */
  private readonly changed: [number, number][] = [];
  /** Text cells written that were cut to a cell's limit. */
  private cut = 0;

  constructor(
    private readonly source: CsvTable,
    private readonly name: string,
    private readonly note: (message: string) => void = () => undefined,
    private readonly lang: Lang = 'en',
  ) {
    super();
    // The records' own field arrays, each copied when PartSpec first writes to its row.
    this.grid = source.rows.slice();
    if (source.layout.encoding === 'shift_jis') note(ENCODING_NOTES[lang].shiftJis(source.file));
    if (source.strayBytes > 0) note(ENCODING_NOTES[lang].strayBytes(source.file, source.strayBytes));
  }

  /**
   * The cells of a row from `from` to `to`, joined by the delimiter: the file's own fields
   * (starting at `starts`) as they stand in the text, the others as the file's quoting writes them.
   * Empty cells are runs of delimiters, never an array of empty strings: a row written at column
   * 16,381 of a line of 16,380 fields costs its few cells, not 16,380 slots a line.
   */
  private joinedCells(row: readonly GridCell[], from: number, to: number, delimiter: string, record?: TextRecord, starts: readonly number[] = []): string {
    const { text, quoteAll } = this.source;
    const empty = quoteField('', quoteAll);
    // Fields a..b-1 empty: each is its delimiter (none before the first) and an empty field.
    const gap = (a: number, b: number): string => (b <= a ? '' : (a === from ? empty : delimiter + empty) + (delimiter + empty).repeat(b - a - 1));
    const pieces: string[] = [];
    let next = from;
    for (const i of filledColumns(row, from, to)) {
      const cell = row[i];
      const shown = record && i < starts.length && typeof cell === 'string' ? text.slice(starts[i], i + 1 < starts.length ? starts[i + 1] - 1 : record.end) : quoteField(csvGridCell(cell), quoteAll);
      pieces.push(gap(next, i), i === from ? shown : delimiter + shown);
      next = i + 1;
    }
    pieces.push(gap(next, to));
    return pieces.join('');
  }

  /**
   * The file's own text with PartSpec's cells appended, a line at a time: each original line is
   * kept as it stands (its bytes, quoting and line end) but for the cells written in it, so a
   * first run only appends and a re-run rewrites only its own columns.
   */
  private *appendedLines(): Generator<string> {
    const { text, records, delimiter, layout } = this.source;
    let openEnd = false;
    for (let r = 0; r < Math.max(records.length, this.grid.length); r++) {
      const record = records[r];
      const row = this.grid[r] ?? [];
      const first = this.firstWritten[r];
      if (!record) {
        yield `${openEnd ? layout.newline : ''}${this.joinedCells(row, 0, row.length, delimiter)}${layout.newline}`;
        openEnd = false;
        continue;
      }
      const own = record.fields.length;
      if (first === undefined) yield text.slice(record.start, record.end + record.lineEnd.length);
      else if (first < own) {
        const starts = fieldStarts(text, record, delimiter);
        yield text.slice(record.start, starts[first]) + this.joinedCells(row, first, Math.max(own, row.length), delimiter, record, starts) + record.lineEnd;
      }
      else yield text.slice(record.start, record.end) + delimiter + this.joinedCells(row, own, row.length, delimiter) + record.lineEnd;
      openEnd = record.lineEnd === '';
    }
  }

  /** Every line written anew with another delimiter (a .tsv copy of a CSV), each with its own line end. */
  private *rewrittenLines(delimiter: string): Generator<string> {
    const { records, layout } = this.source;
    for (let r = 0; r < Math.max(records.length, this.grid.length); r++) {
      const row: readonly GridCell[] = this.grid[r] ?? records[r].fields;
      yield this.joinedCells(row, 0, row.length, delimiter) + (records[r]?.lineEnd || layout.newline);
    }
  }

  /** The first character of PartSpec's cells the file's encoding cannot hold (the file's own text it always can). */
  private foreignCharacter(): string | undefined {
    const { encoding } = this.source.layout;
    if (encoding !== 'windows-1252' && encoding !== 'shift_jis') return undefined;
    for (const row of this.grid) {
      for (const cell of row) {
        const found = typeof cell === 'object' ? unencodable(csvGridCell(cell), encoding) : undefined;
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  get file(): string {
    return this.source.file;
  }

  get sheetNames(): string[] {
    return [this.name];
  }

  values(): unknown[][] {
    // As sparse as the grid: a row written at column 16,381 keeps its few cells, not 16,381 slots.
    return this.grid.map((row) => {
      const shown: unknown[] = [];
      for (const c of filledColumns(row, 0, row.length)) {
        const cell = row[c];
        if (cell !== '') shown[c] = typeof cell === 'string' ? cell : cell.value;
      }
      // The row's own length stays (trailing empty fields count where new columns go), set by its
      // last slot: setting `length` would allocate every slot before it.
      if (shown.length < row.length) shown[row.length - 1] = undefined;
      return shown;
    });
  }

  writeColumn(_name: string, write: ColumnWrite): void {
    this.cut += countOverCellText(write.cells);
    const set = (row: number, cell: GridCell): void => {
      while (this.grid.length <= row) this.grid.push([]);
      this.firstWritten[row] = Math.min(this.firstWritten[row] ?? write.column, write.column);
      if (this.grid[row] === this.source.rows[row]) this.grid[row] = this.grid[row].slice();
      // No padding: the cells before a far column stay holes (written as empty fields), so a
      // line of 16,380 fields does not make every written row 16,380 strings long.
      this.grid[row][write.column] = cell;
    };
    set(write.headerRow, { value: write.spec.header, type: TEXT, ...(write.spec.datasheet ? { workbook: workbookHeaderOf(write.spec) } : {}) });
    write.cells.forEach((value, i) => set(write.firstRow + i, { value, type: write.spec }));
    if (write.highlight?.length) this.highlights.push({ column: write.column, firstRow: write.firstRow, lastRow: write.firstRow + write.cells.length - 1, rules: write.highlight });
    write.changed?.forEach((on, i) => on && this.changed.push([write.firstRow + i, write.column]));
  }

  async save(file: string): Promise<readonly string[]> {
    if (this.cut > 0) this.note(`${file}: ${describeCutCells(this.cut, this.lang)}`);
    if (this.outputFormat(file) === 'csv') {
      // Written back the way the BOM came: its encoding, byte-order mark, delimiter, line ends and quoting.
      const delimiter = extname(file).toLowerCase() === '.tsv' ? '\t' : this.source.delimiter;
      const lines = delimiter === this.source.delimiter ? this.appendedLines() : this.rewrittenLines(delimiter);
      let layout: TextLayout = this.source.layout;
      const foreign = this.foreignCharacter();
      if (foreign !== undefined) {
        const what = `PartSpec's new cells hold characters ${ENCODING_NAMES[layout.encoding]} cannot (such as ${foreign})`;
        if (sameFile(file, this.source.file)) {
          throw new FileError(`${file} is left as it was: ${what}, and writing the file as UTF-8 would change its own bytes; write the enriched copy to another file with --out.`);
        }
        layout = NEW_CSV_LAYOUT;
        this.note(ENCODING_NOTES[this.lang].writtenAsUtf8(file, ENCODING_NAMES[this.source.layout.encoding], foreign));
      }
      await writeFileSafely(file, (temp) => writeTextLines(temp, lines, layout));
      return [];
    }
    await writeGridWorkbook(file, uniqueSheetName(this.name, []), this.grid, { highlights: this.highlights, changed: this.changed });
    return [];
  }
}

