import Papa from 'papaparse';

/*
 * CSV and TSV rows through Papa Parse, fed in segments of complete lines: text is cut at the last
 * line break outside quotes (an even number of `"` before it, since quotes inside a quoted field
 * are doubled), so no field is ever split between two parses. The delimiter Papa detects in the
 * first segment holds for the rest of the file.
 */

/** Rows of delimited text arriving in chunks. */
export async function* delimitedRows(text: AsyncIterable<string>): AsyncGenerator<string[]> {
  let pending = '';
  let delimiter: string | undefined;
  const parse = (segment: string): string[][] => {
    const result = Papa.parse<string[]>(segment, { skipEmptyLines: true, delimiter: delimiter ?? '', delimitersToGuess: ['\t', ',', ';', '|'] });
    delimiter ??= result.meta.delimiter;
    return result.data;
  };
  for await (const chunk of text) {
    pending += chunk;
    const cut = lastLineBreakOutsideQuotes(pending);
    if (cut < 0) continue;
    const segment = pending.slice(0, cut + 1);
    pending = pending.slice(cut + 1);
    yield* parse(segment);
  }
  if (pending.trim() !== '') yield* parse(pending);
}

/** Index of the last `\n` that is not inside a quoted field, or -1. */
function lastLineBreakOutsideQuotes(text: string): number {
  let quotes = 0;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quotes++;
    else if (c === 10 && quotes % 2 === 0) last = i;
  }
  return last;
}
