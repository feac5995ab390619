import { extname } from 'node:path';
import { UsageError } from '../errors';
import { checkInputFile, checkOutputFile } from '../safe-write';

export type TableFormat = 'xlsx' | 'csv';

/** Workbook kinds partspec writes only back from a BOM of the same kind, which they then stay. */
const OWN_KINDS: Record<string, string> = {
  '.xlsm': 'a macro-enabled workbook (.xlsm)',
  '.xltx': 'a template (.xltx)',
  '.xltm': 'a macro-enabled template (.xltm)',
};

/** Spreadsheet formats partspec neither reads nor writes. */
const FOREIGN_KINDS: Record<string, string> = {
  '.xlsb': 'a binary workbook (.xlsb)',
  '.xls': 'an Excel 97-2003 workbook (.xls)',
  '.ods': 'an OpenDocument spreadsheet (.ods)',
};

/** Text tables a BOM may come in besides .csv (tab- or otherwise delimited). */
const TEXT_BOM_KINDS = new Set(['.csv', '.tsv', '.txt']);

/**
 * The format a file name asks for when partspec writes it, by its extension; `bom` allows a BOM's
 * own kinds (.tsv, .txt, and .xlsm, .xltx, .xltm, which checkOutputKind then ties to the BOM's).
 * An existing file that cannot be replaced as a file is refused here, before any work is done.
 */
export function formatOfFile(file: string, flag: string, options: { bom?: boolean } = {}): TableFormat {
  const ext = extname(file).toLowerCase();
  const known = ext === '.xlsx' || (options.bom && OWN_KINDS[ext]) ? 'xlsx' : ext === '.csv' || (options.bom && TEXT_BOM_KINDS.has(ext)) ? 'csv' : undefined;
  if (known) {
    // What cannot be replaced as a file (a device, a FIFO, a folder, a read-only file) is refused before any work.
    checkOutputFile(file);
    return known;
  }
  if (OWN_KINDS[ext]) throw new UsageError(`${flag} ${file}: partspec writes ${OWN_KINDS[ext]} only back from a BOM of that kind; write to a .xlsx or .csv file.`, { showUsage: false });
  if (FOREIGN_KINDS[ext]) throw new UsageError(`${flag} ${file}: partspec cannot write ${FOREIGN_KINDS[ext]}; write to a .xlsx or .csv file.`, { showUsage: false });
  throw new UsageError(`${flag} ${file}: the file must end in .xlsx or .csv${options.bom ? ' (or .tsv or .txt, like the BOM)' : ''}.`);
}

/**
 * Refuses (UsageError) an `--out` workbook kind a BOM cannot become: .xlsm, .xltx and .xltm are
 * written only from a BOM of the same kind (keeping its macros or its being a template); any
 * workbook may be written as .xlsx or a text table.
 */
export function checkOutputKind(input: string, out: string): void {
  const ext = extname(out).toLowerCase();
  if (OWN_KINDS[ext] && extname(input).toLowerCase() !== ext) {
    throw new UsageError(`--out ${out}: partspec writes ${OWN_KINDS[ext]} only back from a BOM of that kind; write to a .xlsx or .csv file.`, { showUsage: false });
  }
}

/** Where an enriched BOM is written (`--out`), and the format its extension asks for. */
export interface BomOutput {
  file: string;
  format: TableFormat;
}

/**
 * Checks, once and before anything is read or asked, the file a BOM's enriched copy is written
 * to: a format partspec writes (formatOfFile), a workbook kind the BOM can become
 * (checkOutputKind), a path that can be replaced as a file. The BomFile then saves to it without
 * asking again.
 */
export function checkBomOutput(input: string, out: string): BomOutput {
  const format = formatOfFile(out, '--out', { bom: true });
  checkOutputKind(input, out);
  return { file: out, format };
}

/**
 * The format of a BOM partspec reads: `.xlsx`, `.xlsm`, `.xltx` and `.xltm` are xlsx packages
 * (patched in place, keeping their kind), `.csv`, `.tsv` and `.txt` are text tables (the
 * delimiter and encoding are found from the content). A path that is not a regular file (a FIFO,
 * a device, a folder) is refused here, before anything is read.
 */
export function formatOfBom(file: string): TableFormat {
  const ext = extname(file).toLowerCase();
  const known = ext === '.xlsx' || OWN_KINDS[ext] ? 'xlsx' : TEXT_BOM_KINDS.has(ext) ? 'csv' : undefined;
  if (known) {
    checkInputFile(file);
    return known;
  }
  if (FOREIGN_KINDS[ext]) throw new UsageError(`${file} is ${FOREIGN_KINDS[ext]}, which partspec cannot read; save it as .xlsx (Excel Workbook) and enrich that.`, { showUsage: false });
  throw new UsageError(`The BOM ${file}: the file must end in .xlsx, .xlsm, .xltx, .xltm, .csv, .tsv or .txt.`);
}

/** Safe writes and the refusal of what is not a regular file live with the other Node programs' helpers. */
export { checkInputFile, checkOutputFile, writeFileSafely } from '../safe-write';

