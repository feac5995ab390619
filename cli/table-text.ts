import { terminalText } from '../ooxml/cells';

/** Longest cell shown in a terminal table; longer text is cut with an ellipsis. */
export const MAX_CELL_CHARS = 40;

/** Rows as a plain aligned text table (header, rule, rows), safe to print on a terminal. */
export function formatTextTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows].map((r) => r.map((c) => terminalText(c, MAX_CELL_CHARS)));
  const widths = header.map((_, i) => all.reduce((widest, r) => Math.max(widest, [...(r[i] ?? '')].length), 0));
  const line = (r: readonly string[]): string =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - [...c].length)))
      .join('  ')
      .trimEnd();
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n') + '\n';
}
