/** What a BOM's layout detection finds, shared by the detection and the sentences about it. */

/** A column that could hold the maker's part numbers, for a picker or a sentence naming it. */
export interface ColumnCandidate {
  /** Absolute 0-based sheet column. */
  column: number;
  /** Header text as in the sheet ('' when the column has none). */
  header: string;
  /** Up to 5 non-empty values below the header, as text, for a picker. */
  samples: string[];
  /** Higher is better; only comparable within one detection. */
  score: number;
}

/** Where the part numbers of a BOM are, in absolute 0-based sheet coordinates. */
export interface BomLayout {
  headerRow: number;
  partColumn: number;
  /** First and last row to enrich (inclusive). */
  firstRow: number;
  lastRow: number;
  /**
   * How the column was found when its header alone did not say so, in a sentence for the user
   * (part numbers found by their content under a generic header, or beside a header left empty).
   */
  note?: string;
  /** The facts `note` says, for a shell that says them in another language (core/bom/layout-notes.ts). */
  notice?: LayoutNotice;
  /**
   * The columns that could hold the maker's part numbers, best first (the chosen one first): every
   * column of the header row whose header names a part number (distributor and internal numbers
   * included, ranked low) or whose cells read as part numbers. Empty when the user picked the column.
   */
  candidates: ColumnCandidate[];
  /**
   * True when the runner-up is close enough that the user should choose: both headers name a part
   * number of the same kind (or neither does), both columns are mostly part numbers (within 15
   * points of each other), not just one of them in the maker's own numbering, and they hold
   * different values. A second-source column (MPN2 beside
   * MPN, PN_1 beside PN) is never the runner-up. The taskpane shows a picker, the CLI names both.
   */
  ambiguous: boolean;
  /**
   * How many columns right of their headers the data rows sit (-1 left), 0 when under them: the
   * manufacturer, quantity and second-source columns are read at their header's column plus this
   * (see findDataShift). Absent when 0.
   */
  shift?: number;
}

/** How the part-number column was found when its header alone did not say so. */
export type LayoutNotice =
  /** Found by its content under a header that does not name part numbers, from cell `from` on. */
  | { kind: 'content'; column: number; header: string; from: string }
  /** The data rows sit `shift` columns beside their header row; `partHeader` is the header over the numbers' place. */
  | { kind: 'shift'; column: number; partHeader: string; shift: number }
  /** The column headed as part numbers (`named`) is almost empty and the numbers are beside it. */
  | { kind: 'emptyBeside'; column: number; named: string; namedColumn: number }
  /** The column headed as part numbers holds few and `column` (headed `header`) many. */
  | { kind: 'fewParts'; column: number; header: string; named: string; namedColumn: number };
