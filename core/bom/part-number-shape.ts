/*
 * What a manufacturer's part number looks like in a BOM cell, as opposed to a designator list
 * (C1, C3, C4), a value (100nF, 4k7, 0.1uF 50V), a quantity, a footprint, a description or a
 * distributor's order number (399-1171-1-ND, 81-GRM155R71C104KA8D). Used to find the part-number
 * column by its content when the headers are generic (Field2) or lie (data shifted one column).
 */
import { looksLikeMakerPartNumber } from './maker-numbering';

const DESIGNATORS = /^\s*[A-Z]{1,4}\d{1,4}[A-Z]?(\s*[,;\s]\s*[A-Z]{1,4}\d{1,4}[A-Z]?)*[,;\s]*$/i;
const VALUE = /^\s*[\d.,]+\s*[pnuµμmkKMGR]?\s*[FHΩRr]?\s*(\d+\s*V)?\s*(±?\s*\d+\s*%)?\s*$|^\d+[pnuµkKMR]\d+$/;
/** A cell that starts with a value and its unit: 10uF 25V, 2.2uH/1210, 100nF-X7R. */
const VALUE_FIRST = /^[\d.,]+\s*[pnuµμmkKMG]?(F|H|Ω|ohm|V|A|W|Hz)(\b|[\s/_-])/i;
/** Digi-Key's -ND suffix, and Mouser's numeric prefix in front of a maker part number. */
const DISTRIBUTOR = /-ND$|^\d{2,3}-[A-Z0-9]/i;

/** How a cell's text reads as a part number: 'part', 'distributor', or undefined (not one, or empty). */
export function partNumberShape(value: unknown): 'part' | 'distributor' | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  if (text.length < 5 || text.length > 40 || /\s{2,}|\s.*\s.*\s/.test(text)) return undefined;
  if (DESIGNATORS.test(text) || VALUE.test(text)) return undefined;
  // A word beside a number is a description or a note ("Line 12", "Cap 0603", "Rev 2B"), not a code.
  if (/\s/.test(text) && text.split(/\s+/).some((word) => /^[A-Za-z]{2,}$/.test(word))) return undefined;
  const letters = (text.match(/[A-Za-z]/g) ?? []).length;
  const digits = (text.match(/\d/g) ?? []).length;
  if (letters < 2 || digits < 2) return undefined;
  // Words of a description or a footprint, not a code: "Ceramic capacitor", "Capacitor_SMD:C_0402_1005Metric".
  if (/[a-z]{4,}/.test(text) || /[a-z]:/i.test(text)) return undefined;
  // A value with its tolerance or rating: "2.2uH ±20% 0603", "600Ω@100MHz", "10uF/25V".
  if (/[±%Ω@µμ]/.test(text) || VALUE_FIRST.test(text)) return undefined;
  return DISTRIBUTOR.test(text) ? 'distributor' : 'part';
}

/** A column's cells below its header, described: how many are filled and how many read as part numbers. */
export interface ColumnContent {
  filled: number;
  parts: number;
  distributor: number;
  /** Of `parts`, those in the maker's own numbering (GRM…, LQM…). */
  maker: number;
  /** Cells looked at. */
  rows: number;
}

/** Describes `cells` (a column's data rows, the first ones are enough). */
export function describeColumn(cells: readonly unknown[]): ColumnContent {
  let filled = 0;
  let parts = 0;
  let distributor = 0;
  let maker = 0;
  for (const cell of cells) {
    if (cell === undefined || cell === null || String(cell).trim() === '') continue;
    filled++;
    const shape = partNumberShape(cell);
    if (shape === 'part') {
      parts++;
      if (looksLikeMakerPartNumber(cell)) maker++;
    } else if (shape === 'distributor') distributor++;
  }
  return { filled, parts, distributor, maker, rows: cells.length };
}

/** Share of looked-at rows holding a part number. */
export function partShare(content: ColumnContent): number {
  return content.rows === 0 ? 0 : content.parts / content.rows;
}

/** Share of looked-at rows holding a part number in the maker's own numbering. */
export function makerShare(content: ColumnContent): number {
  return content.rows === 0 ? 0 : content.maker / content.rows;
}

/** Share of looked-at rows that are filled at all. */
export function filledShare(content: ColumnContent): number {
  return content.rows === 0 ? 0 : content.filled / content.rows;
}
