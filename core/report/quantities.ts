/**
 * Quantities per board as BOMs write them: a quantity cell (`4`, `4 pcs`, `1,000`, `４`), or else
 * the count of the row's reference designators (`C1, C2`, `C1 C4 C6`, `C1-C4`, `R10–R12`).
 */

/** Most builds a last-time-buy quantity is computed for (the taskpane field and `--builds`). */
export const MAX_BUILDS = 100_000_000;

/** Builds as typed: a whole number from 1 to MAX_BUILDS, nothing (blank), or 'invalid'. */
export function parseBuilds(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,9}$/.test(trimmed)) return 'invalid';
  const n = Number(trimmed);
  return n >= 1 && n <= MAX_BUILDS ? n : 'invalid';
}

/** The longest designator range expanded (`C1-C99999` is a typo, not 99,999 parts). */
const MAX_RANGE = 1000;

const RANGE_RE = /^([A-Za-z]+)(\d+)\s*[-–~:]\s*(?:\1)?(\d+)$/;

/** Full-width digits and separators to ASCII, so Japanese and Chinese BOMs count too. */
function toHalfWidth(text: string): string {
  return text.replace(/[０-９，．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/**
 * The designators of a designator cell, ranges expanded: `C1-C3, C7` → C1 C2 C3 C7. Separators are
 * commas, semicolons, slashes and white space; a range over MAX_RANGE stays as written.
 */
export function splitDesignators(cell: unknown): string[] {
  if (typeof cell !== 'string') return [];
  const out: string[] = [];
  const parts = toHalfWidth(cell)
    .replace(/\s*([-–~:])\s*/g, '$1')
    .split(/[\s,;/、，]+/)
    .filter((p) => p !== '');
  for (const part of parts) {
    const m = RANGE_RE.exec(part);
    const from = m ? Number(m[2]) : NaN;
    const to = m ? Number(m[3]) : NaN;
    if (m && to >= from && to - from < MAX_RANGE) {
      for (let n = from; n <= to; n++) out.push(`${m[1]}${n}`);
    } else out.push(part);
  }
  return out;
}

/** A quantity cell's number: `4`, `4 pcs`, `1,000`, `４個`; undefined when it holds none. */
export function parseQuantity(cell: unknown): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) && cell >= 0 ? cell : undefined;
  if (typeof cell !== 'string') return undefined;
  const m = /^\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)/.exec(toHalfWidth(cell));
  if (!m) return undefined;
  const value = Number(m[1].replace(/,/g, ''));
  return Number.isFinite(value) ? value : undefined;
}

/** Placed per board: the quantity cell when it holds a number, else the designators counted, else 1. */
export function quantityPerBoard(quantity: unknown, designators: readonly string[]): number {
  return parseQuantity(quantity) ?? (designators.length > 0 ? designators.length : 1);
}
