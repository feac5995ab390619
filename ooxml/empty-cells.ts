/*
 * Runs of bare empty cells (`<c/>`, no attribute, nothing inside) say nothing but "the next
 * column": a sheet of 48 million of them is 190 MB of XML that a SAX parser would walk element by
 * element for tens of seconds. Before a sheet is scanned, each run of two or more is folded into
 * one `<c/>` that stands for all of them, and every offset the scan reports is mapped back to the
 * sheet's own text, so a patch still edits the original bytes. Text that could hide such markup
 * as data (comments, CDATA sections) is left as it is.
 */

/** A run of two or more bare empty cells, possibly with white space before the `/>`. */
const RUN = /(?:<c\s*\/>){2,}/g;
/** The one cell a run is folded into. */
const FOLDED = '<c/>';

/** A sheet's text with its runs of empty cells folded, and the way back to the original offsets. */
export interface FoldedCells {
  /** The text to scan. */
  text: string;
  /** The offset in the original text of an offset in `text`. */
  original(offset: number): number;
  /** How many cells the `<c/>` starting at this original offset stands for (1 for any other cell). */
  cellsAt(originalStart: number): number;
}

/** Folds the runs of bare empty cells of `xml`; a text without such runs comes back as it is. */
export function foldEmptyCells(xml: string): FoldedCells {
  const plain: FoldedCells = { text: xml, original: (offset) => offset, cellsAt: () => 1 };
  if (xml.includes('<![CDATA[') || xml.includes('<!--')) return plain;
  /** Where each folded cell ends in the folded text, and the characters dropped up to there. */
  const foldedEnds: number[] = [];
  const dropped: number[] = [];
  const counts = new Map<number, number>();
  let removed = 0;
  const text = xml.replace(RUN, (run: string, at: number) => {
    counts.set(at, run.split('/>').length - 1);
    // In the folded text this cell starts where the run did, less what earlier runs dropped.
    foldedEnds.push(at - removed + FOLDED.length);
    removed += run.length - FOLDED.length;
    dropped.push(removed);
    return FOLDED;
  });
  if (foldedEnds.length === 0) return plain;
  return {
    text,
    original(offset) {
      // The folded cells that end at or before this offset have moved it back by what they dropped.
      let lo = 0;
      let hi = foldedEnds.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (foldedEnds[mid] <= offset) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? offset : offset + dropped[lo - 1];
    },
    cellsAt: (originalStart) => counts.get(originalStart) ?? 1,
  };
}
