import type { Lang } from '../../api/vocabulary';
import { basename, extname } from 'node:path';
import { FileError, UsageError } from '../errors';
import { isFileLimitError } from '../../core/limits';
import { neutralizeCsvText } from '../../ooxml/cells';
import { countOverCellText, describeCutCells } from '../../core/cells/cell-text';
import { ENCODING_NOTES } from './encoding-notes';
import type { ColumnWrite } from '../../core/enrich/document';
import { BomFile } from './bom-document';
import { formatCsv, readCsv } from './csv';
import { CsvBom } from './csv-bom';
import { formatOfBom, writeFileSafely, type BomOutput, type TableFormat } from './files';
import { findUnkeptPartsOfFile } from '../../ooxml/package-losses';
import { SharedFormulaError } from '../../ooxml/sheet-patch';
import { UnsafeWriteError } from '../../ooxml/workbook-patch';
import { openWorkbookFile, type WorkbookFile } from './workbook-file';


/** Text of a workbook cell for a CSV file (dates as ISO, Booleans TRUE/FALSE, text neutralized). */
function csvTextOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace(/\.000Z$/, 'Z');
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  return neutralizeCsvText(String(value));
}

/**
 * An xlsx-family BOM (.xlsx, .xlsm, .xltx, .xltm): its sheets read with a streaming parser, and
 * saved as a patch of the package: only the written cells and what they need change.
 */
class XlsxBom extends BomFile {
  /** Text cells written that were cut to a cell's limit. */
  private cut = 0;

  constructor(
    private readonly source: WorkbookFile,
    private readonly note: (message: string) => void = () => undefined,
    private readonly lang: Lang = 'en',
  ) {
    super();
  }

  get file(): string {
    return this.source.file;
  }

  get sheetNames(): string[] {
    return this.source.book.sheetNames;
  }

  override close(): void {
    this.source.book.close();
  }

  /** Runs a read or write of the workbook, its failures as one sentence naming the file. */
  private guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof UsageError) throw error;
      if (isFileLimitError(error)) throw new FileError(`${this.source.file}: ${error.message}`);
      if (error instanceof UnsafeWriteError || error instanceof SharedFormulaError) throw new FileError(`${this.source.file} is left as it was: ${error.message}.`);
      throw new FileError(`${this.source.file} is not a readable .xlsx workbook (${(error as Error).message}).`);
    }
  }

  values(name: string): unknown[][] {
    this.checkSheet(name);
    return this.guard(() => this.source.book.values(name));
  }

  override occupiedWidth(name: string): number {
    this.checkSheet(name);
    return this.guard(() => this.source.book.occupiedWidth(name));
  }

  writeColumn(name: string, write: ColumnWrite): void {
    this.checkSheet(name);
    this.cut += countOverCellText(write.cells);
    this.guard(() => this.source.book.writeColumn(name, write));
  }

  async save(file: string, sheetName: string): Promise<readonly string[]> {
    if (this.cut > 0) this.note(`${file}: ${describeCutCells(this.cut, this.lang)}`);
    if (this.outputFormat(file) === 'xlsx') {
      // A template or macro-enabled workbook written as .xlsx becomes a plain workbook.
      const asWorkbook = extname(file).toLowerCase() === '.xlsx' && extname(this.source.file).toLowerCase() !== '.xlsx';
      const patched = this.guard(() => this.source.book.patch(asWorkbook));
      try {
        await writeFileSafely(file, (temp) => patched.write(temp));
      } finally {
        this.source.book.close();
      }
      return patched.dropped;
    }
    const values = this.values(sheetName);
    const rows = Array.from(values, (row) => Array.from(row ?? [], (v) => csvTextOf(v)));
    await writeFileSafely(file, formatCsv(rows));
    // A CSV file holds one sheet's values: everything else of the workbook is named.
    const others = this.sheetNames.filter((n) => n !== sheetName).map((n) => `'${n}'`);
    const lost = others.length === 0 ? [] : [`${others.length === 1 ? 'the sheet' : 'the sheets'} ${others.join(', ')}`];
    this.source.book.close();
    const parts = findUnkeptPartsOfFile(this.source.file).map((l) => l.what);
    return [...lost, `the formats and formulas of sheet '${sheetName}' (a CSV file holds values only)`, ...parts];
  }
}

/**
 * Opens a BOM by its extension: a file name is checked here (formatOfBom); a command that checked
 * it already, before its other flags, passes the format it found, and the file where the result
 * goes, checked too (checkBomOutput). `note` hears what the reader had to guess (a text file that
 * is not UTF-8, read as Windows-1252), in `lang`.
 */
export async function openBom(source: string | { file: string; format: TableFormat; out?: BomOutput; lang?: Lang }, note: (message: string) => void = () => undefined): Promise<BomFile> {
  const { file, format, out, lang = 'en' } = typeof source === 'string' ? { file: source, format: formatOfBom(source), out: undefined } : source;
  let bom: BomFile;
  if (format === 'xlsx') {
    bom = new XlsxBom(await openWorkbookFile(file), note, lang);
  } else {
    const table = await readCsv(file);
    if (table.fellBack) note(ENCODING_NOTES[lang].windows1252(file));
    bom = new CsvBom(table, basename(file, extname(file)), note, lang);
  }
  return out ? bom.writesTo(out) : bom;
}
