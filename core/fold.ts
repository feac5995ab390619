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

/** Texts at least this long are folded once and remembered; shorter ones cost less than the lookup. */
const REMEMBERED_LENGTH = 256;
/** Characters of folded text remembered at most (about 8 MB): past it the oldest are forgotten. */
const REMEMBERED_CHARACTERS = 4_000_000;

/**
 * Folded long texts by their text, oldest first. A workbook's shared string is one string however
 * many cells show it, so a 32,767-character text under 5,000 cells is folded once, not 5,000
 * times (the header search, the row kinds and the marks all fold every cell they look at). The
 * keys are the cells' own strings, already held; only the folded texts cost memory, and they are
 * bounded.
 */
class FoldMemory {
  private readonly folded = new Map<string, string>();
  private characters = 0;

  get(text: string, fold: (text: string) => string): string {
    const known = this.folded.get(text);
    if (known !== undefined) return known;
    const value = fold(text);
    while (this.characters + value.length > REMEMBERED_CHARACTERS && this.folded.size > 0) {
      const [oldest, old] = this.folded.entries().next().value as [string, string];
      this.folded.delete(oldest);
      this.characters -= old.length;
    }
    if (value.length <= REMEMBERED_CHARACTERS) {
      this.folded.set(text, value);
      this.characters += value.length;
    }
    return value;
  }
}

const WITH_HASH = new FoldMemory();
const WITHOUT_HASH = new FoldMemory();

const foldText = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/[\s._\-/\\:()[\]{}'"`*,;]+/g, '');
const foldTextWithoutHash = (text: string): string => foldText(text).replace(/#+/g, '');

/**
 * The one fold of header words and cell marks: NFKC, lower case, without the spaces and
 * punctuation BOMs scatter in headers and marks (`Mfr. Part No.` → `mfrpartno`, `Not fitted,` →
 * `notfitted`, `製造元 品番` → `製造元品番`). Every list of header words is written in this form.
 * A long text is folded once however often it is asked for (see FoldMemory).
 */
export function foldWords(value: unknown, options: FoldOptions = {}): string {
  const text = String(value ?? '');
  const hash = options.hash !== false;
  if (text.length < REMEMBERED_LENGTH) return hash ? foldText(text) : foldTextWithoutHash(text);
  return hash ? WITH_HASH.get(text, foldText) : WITHOUT_HASH.get(text, foldTextWithoutHash);
}
