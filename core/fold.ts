/** Text compared loosely: NFKC, case and surrounding spaces ignored (a header named in `--column`, a second source's name). */
export const foldCase = (value: unknown): string => String(value ?? '').normalize('NFKC').trim().toLowerCase();

export interface FoldOptions {
  /**
   * Keep `#`: a part-number header's `#` means something when a header is scored (`Mfr #` is a
   * part number, `Mfr` the maker's name), nothing when two headers are compared (`PN#` = `PN`).
   * @default true
   */
  hash?: boolean;
}

/**
 * The one fold of header words and cell marks: NFKC, lower case, without the spaces and
 * punctuation BOMs scatter in headers and marks (`Mfr. Part No.` → `mfrpartno`, `Not fitted,` →
 * `notfitted`, `製造元 品番` → `製造元品番`). Every list of header words is written in this form.
 */
export function foldWords(value: unknown, options: FoldOptions = {}): string {
  const folded = String(value ?? '').normalize('NFKC').toLowerCase().replace(/[\s._\-/\\:()[\]{}'"`*,;]+/g, '');
  return options.hash === false ? folded.replace(/#+/g, '') : folded;
}
