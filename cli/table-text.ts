import { charWidth, displayWidth, terminalText } from '../node/terminal-text';

/** Widest cell shown in a terminal table, in columns; longer text is cut with an ellipsis. */
const MAX_CELL_WIDTH = 40;

/** `text` cut to at most `max` columns, ending in "…" when cut. */
function fitWidth(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (width + w > max - 1) break;
    out += char;
    width += w;
  }
  return `${out}…`;
}

/** Rows as a plain aligned text table (header, rule, rows), safe to print on a terminal; columns are measured as a terminal draws them. */
export function formatTextTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows].map((r) => r.map((c) => fitWidth(terminalText(c, MAX_CELL_WIDTH), MAX_CELL_WIDTH)));
  const widths = header.map((_, i) => all.reduce((widest, r) => Math.max(widest, displayWidth(r[i] ?? '')), 0));
  const line = (r: readonly string[]): string =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - displayWidth(c))))
      .join('  ')
      .trimEnd();
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n') + '\n';
}
