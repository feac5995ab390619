/*
 * A header that spans two rows: a group's name merged over its columns ("Manufacturer" over
 * "Name | Part number") and single headers merged down both rows ("Ref", "Qty"). A merged cell
 * holds its text in its first cell only, in a workbook as in its CSV export, so the row of the
 * part-number header alone loses the group: no Manufacturer column, and another maker's rows read
 * as ours. Read whole, each column's header is its group's name and its own ("Manufacturer Name").
 */
import { foldWords } from '../fold';
import { parsePartSpecHeader } from '../cells/columns';
import { DESIGNATOR_WORDS, MAKER_WORDS, OTHER_COLUMN_WORDS, QUANTITY_WORDS, containsWord } from './header-words';
import { scorePartNumberHeader } from './header-score';

const isBlank = (value: unknown): boolean => value === undefined || value === null || String(value).trim() === '';

/** A header that stands alone, never under a group: a quantity, designator or other column's word. */
const STANDALONE = new Set([...QUANTITY_WORDS, ...DESIGNATOR_WORDS, ...OTHER_COLUMN_WORDS]);
const isStandalone = (value: unknown): boolean => STANDALONE.has(foldWords(value));

/** A cell a BOM's header row is made of: a maker, part-number, quantity, designator or other column's word. */
const isHeaderWord = (value: unknown): boolean => isStandalone(value) || containsWord(foldWords(value), MAKER_WORDS) || scorePartNumberHeader(value) > 0;

/**
 * The group each column of `bottom` stands under in `top`, or undefined when `top` is not the
 * upper row of the same header: it must be text only, name at least one BOM column, and head a
 * group (a name over two or more filled header cells, the cells right of it blank in `top`).
 */
function groupsOf(top: readonly unknown[], bottom: readonly unknown[], width: number): (string | undefined)[] | undefined {
  const filled = (c: number): boolean => !isBlank(bottom[c]);
  if (top.some((v) => !isBlank(v) && typeof v !== 'string')) return undefined;
  if (!top.some(isHeaderWord)) return undefined;
  const groups: (string | undefined)[] = [];
  let grouped = false;
  for (let c = 0; c < width; c++) {
    if (!isBlank(top[c])) {
      groups.push(String(top[c]).trim());
      continue;
    }
    const carried = c > 0 && filled(c) && filled(c - 1) && !isStandalone(bottom[c]) && !parsePartSpecHeader(bottom[c]) ? groups[c - 1] : undefined;
    if (carried !== undefined) grouped = true;
    groups.push(carried);
  }
  return grouped ? groups : undefined;
}

/**
 * The header cells of row `headerIndex` of `values`, `width` columns: joined with the row above
 * when the two are one header (see groupsOf), else the row as it is. PartSpec's own headers are
 * never joined, so re-runs find their columns.
 */
export function readHeaderCells(values: readonly (readonly unknown[] | undefined)[], headerIndex: number, width: number): unknown[] {
  const bottom = values[headerIndex] ?? [];
  const cells = Array.from({ length: width }, (_, c) => bottom[c]);
  const top = headerIndex > 0 ? values[headerIndex - 1] : undefined;
  const groups = top ? groupsOf(top, bottom, width) : undefined;
  if (!groups) return cells;
  return cells.map((cell, c) => {
    const group = groups[c];
    if (group === undefined || parsePartSpecHeader(cell)) return cell;
    return isBlank(cell) ? group : `${group} ${String(cell).trim()}`;
  });
}
