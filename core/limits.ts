/**
 * Every bound on what a file may hold before PartSpec refuses it, declared once. Readers of
 * workbooks, packages and text BOMs take their limits from here, each refusal names the limit it
 * hit (`describeLimit`), and SECURITY.md lists these values: a file that passes them is read in
 * memory that grows with the part we change, never with what an attacker wrote.
 */
import { MAX_COLUMN_INDEX, MAX_ROW_INDEX } from './address';

/** One bound: its value and the words a refusal uses for it. */
export interface FileLimit {
  readonly value: number;
  /** What is counted, in a user's words ("XML nesting depth", "entries in the package"). */
  readonly what: string;
  /** The unit after the value in a sentence ("bytes", "levels", "entries"). */
  readonly unit: string;
}

const MiB = 1024 * 1024;

/** The limits, by name. */
export const FILE_LIMITS = {
  /** Excel's own grid: rows in a worksheet. */
  sheetRows: { value: MAX_ROW_INDEX + 1, what: 'rows in a worksheet (Excel’s limit)', unit: 'rows' },
  /** Excel's own grid: columns in a worksheet (A to XFD). */
  sheetColumns: { value: MAX_COLUMN_INDEX + 1, what: 'columns in a worksheet (Excel’s limit, A to XFD)', unit: 'columns' },
  /** Cells holding a value in one worksheet: what a read keeps (empty cells cost nothing, wherever they are). */
  sheetValues: { value: 10_000_000, what: 'cells holding a value in one worksheet', unit: 'cells' },
  /** Strings in a workbook's shared strings table (each is used by a cell, so it is bounded like the cells). */
  sharedStrings: { value: 10_000_000, what: 'strings in the shared strings table', unit: 'strings' },
  /** Entries in one ZIP package (ZIP64 is written past 65,535; reading stops here). */
  packageEntries: { value: 100_000, what: 'entries in the package', unit: 'entries' },
  /** Size of one part once inflated. */
  partBytes: { value: 512 * MiB, what: 'size of one part once decompressed', unit: 'bytes' },
  /** Size of every part read, once inflated, added up. */
  packageBytes: { value: 2048 * MiB, what: 'size of the parts read, decompressed and added up', unit: 'bytes' },
  /** Inflated size over compressed size of one part (a bomb inflates thousands of times). */
  compressionRatio: { value: 200, what: 'ratio of a part’s decompressed size to its compressed size', unit: 'to 1' },
  /** Parts smaller than this inflate without the ratio check (tiny repetitive XML compresses well). */
  ratioFreeBytes: { value: 1 * MiB, what: 'size under which a part’s ratio is not checked', unit: 'bytes' },
  /** Element nesting in one XML part. */
  xmlDepth: { value: 256, what: 'XML nesting depth', unit: 'levels' },
  /** Elements in one XML part. */
  xmlElements: { value: 50_000_000, what: 'XML elements in one part', unit: 'elements' },
  /** A text BOM's size on disk. */
  textBytes: { value: 512 * MiB, what: 'size of a text BOM', unit: 'bytes' },
  /** One line (record) of a text BOM. */
  textLineBytes: { value: 1 * MiB, what: 'length of one line of a text BOM', unit: 'bytes' },
  /** One field of a text BOM. */
  textFieldChars: { value: 32_767, what: 'length of one field (Excel’s limit for a cell)', unit: 'characters' },
  /**
   * The text of one BOM line that the line reader (suggest, the assistants' find_parts, PART.SUGGEST,
   * the Suggested column) reads for what the line asks: the rest is not read, nothing is refused.
   * Far more than any real line holds; with the reader in linear time it bounds each line's work.
   */
  findLineChars: { value: 4_096, what: 'text of one BOM line read for the part it asks for', unit: 'characters' },
  /** A rules file of the team's BOM rules (core/rules), read whole before anything is looked up. */
  rulesFileBytes: { value: 4 * MiB, what: 'size of a rules file', unit: 'bytes' },
  /** A workbook's size on disk. */
  workbookBytes: { value: 2048 * MiB, what: 'size of a workbook', unit: 'bytes' },
} as const satisfies Record<string, FileLimit>;

export type FileLimitName = keyof typeof FILE_LIMITS;

/** `over the limit of 256 levels of XML nesting depth`: the words a refusal ends with. */
export function describeLimit(name: FileLimitName): string {
  const limit: FileLimit = FILE_LIMITS[name];
  return `the limit of ${limit.value.toLocaleString('en-US')} ${limit.unit} for the ${limit.what}`;
}

/** The error a reader throws when a file passes one of the limits; its message is one sentence. */
export class FileLimitError extends Error {
  override readonly name = 'FileLimitError';

  constructor(
    readonly limit: FileLimitName,
    /** What went over, in words: "The part xl/worksheets/sheet1.xml". */
    subject: string,
  ) {
    super(`${subject} goes over ${describeLimit(limit)}; PartSpec stopped reading it and changed nothing.`);
  }
}

export function isFileLimitError(error: unknown): error is FileLimitError {
  return error instanceof FileLimitError;
}
