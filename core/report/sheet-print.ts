/*
 * How the summary sheet prints: on the paper of the user's locale (A4, or Letter where Letter is
 * the norm), landscape, one page wide, never smaller than readable, and no chart split between
 * two pages. A scale, not "fit to pages": Excel and LibreOffice both ignore manual page breaks on
 * a sheet set to fit, which left the lists' first title at the foot of the charts' page.
 */

/** The paper sizes the summary prints on. */
export type PaperSize = 'A4' | 'Letter';

/**
 * How the sheet prints: landscape on `paper` at `scale` percent, a new page before each of
 * `pageBreaks` (0-based rows).
 */
export interface SummaryPrint {
  orientation: 'landscape';
  paper: PaperSize;
  /** Percent: the sheet one page wide, at least READABLE_SCALE. */
  scale: number;
  pageBreaks: readonly number[];
}

/** Regions whose paper is Letter (the United States, Canada and most of the Americas that follow them); everywhere else prints on A4. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PR', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'PA', 'DO', 'SV', 'NI', 'BZ']);

/**
 * The paper of a locale (`en-US`, `en_US.UTF-8`, `ja-JP`, `en`): Letter for a Letter region, A4
 * for any other and for a locale that names no region, as most of the world prints on A4.
 */
export function paperOf(locale: string | undefined): PaperSize {
  const region = /^[a-z]{2,3}(?:[-_][A-Za-z]{4})?[-_]([A-Za-z]{2})\b/i.exec((locale ?? '').trim())?.[1]?.toUpperCase();
  return region !== undefined && LETTER_REGIONS.has(region) ? 'Letter' : 'A4';
}

/** Inches of each paper, portrait. */
const PAPER_INCHES: Readonly<Record<PaperSize, { width: number; height: number }>> = { A4: { width: 8.27, height: 11.69 }, Letter: { width: 8.5, height: 11 } };

/** What a landscape page holds inside the margins the writers set (0.7 in left and right, 0.75 in top and bottom), in points. */
export function printablePoints(paper: PaperSize): { width: number; height: number } {
  const { width, height } = PAPER_INCHES[paper];
  return { width: (height - 2 * 0.7) * 72, height: (width - 2 * 0.75) * 72 };
}

/** The font every cell of the summary is in, in points (the workbook's default, Calibri 11). */
export const SUMMARY_FONT_POINTS = 11;
/** Smallest print a reader reads without effort, in points. */
export const READABLE_POINTS = 9;
/** The smallest scale the sheet prints at: its 11 pt text at least 9 pt on paper. */
export const READABLE_SCALE = Math.ceil((100 * READABLE_POINTS) / SUMMARY_FONT_POINTS);

/**
 * Pixels a character of a column's width takes in print: Excel's Calibri is 7, LibreOffice's
 * default font nearer 8.5 (measured on its PDF); the wider one, with room to spare, so the sheet
 * is one page wide in both.
 */
const PRINT_CHAR_PIXELS = 9;

/** Points a column `chars` characters wide takes in print: PRINT_CHAR_PIXELS·w + 5 pixels, ¾ point each. */
export const columnPoints = (chars: number): number => (PRINT_CHAR_PIXELS * chars + 5) * 0.75;

/** The widest the sheet's columns may be, in characters all told, to print one page wide at READABLE_SCALE. */
export function readableWidthChars(paper: PaperSize, columns: number): number {
  const points = (printablePoints(paper).width * 100) / READABLE_SCALE;
  return Math.floor((points / 0.75 - 5 * columns) / PRINT_CHAR_PIXELS);
}

/** What the print is decided from: the rows' heights in points and the rows where each section of the charts' part starts. */
export interface PrintInput {
  paper: PaperSize;
  columnWidths: readonly number[];
  /** Height of each row, in points. */
  rowPoints: readonly number[];
  /** First rows of the charts' part's sections (each table with its chart), in order. */
  sections: readonly number[];
  /** First row of the lists of parts, which start a page of their own. */
  listsRow: number;
}

/**
 * The scale and page breaks: one page wide and, when that is readable, the charts' part on one
 * page; otherwise printed at no less than READABLE_SCALE, with a page break before a section that
 * would not fit on its page whole, so no chart is cut. The lists take the pages they need.
 */
export function planPrint(input: PrintInput): SummaryPrint {
  const { paper, rowPoints, sections, listsRow } = input;
  const page = printablePoints(paper);
  const width = input.columnWidths.reduce((sum, w) => sum + columnPoints(w), 0);
  const heightOf = (from: number, to: number): number => rowPoints.slice(from, to).reduce((sum, h) => sum + h, 0);
  const fit = (points: number, room: number): number => (100 * room) / Math.max(1, points);
  const charts = Math.min(listsRow, rowPoints.length);
  const scale = Math.floor(Math.max(READABLE_SCALE, Math.min(100, fit(width, page.width), fit(heightOf(0, charts), page.height))));
  const pageHeight = (page.height * 100) / scale;
  const breaks: number[] = [];
  let top = 0;
  const ends = [...sections.filter((s) => s > 0 && s < charts), charts];
  let from = 0;
  for (const end of ends) {
    // A section that does not fit below what the page holds starts the next page.
    if (from > top && heightOf(top, end) > pageHeight) {
      breaks.push(from);
      top = from;
    }
    from = end;
  }
  if (listsRow < rowPoints.length) breaks.push(listsRow);
  return { orientation: 'landscape', paper, scale, pageBreaks: breaks };
}
