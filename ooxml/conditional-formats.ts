import { columnLetters } from '../core/address';
import { ruleFormula, type HighlightRule } from '../core/enrich/highlight';
import type { StylesPart } from './styles';
import { escapeText } from './xml-scan';

/*
 * The highlight rules of one column as SpreadsheetML conditional formats, written the same way by
 * the patcher (into a user's sheet) and by the streamed writer (into a new workbook): one
 * `cellIs equal` rule per text, its colours a differential format of the styles part.
 */

/** Highlight rules for one column's data cells (0-based rows; an empty list removes the column's highlights). */
export interface ColumnHighlight {
  column: number;
  firstRow: number;
  lastRow: number;
  rules: readonly HighlightRule[];
}

/** ARGB of a `#RRGGBB` colour. */
export function argbOf(hex: string): string {
  return `FF${hex.replace('#', '').toUpperCase()}`;
}

/**
 * The `<conditionalFormatting>` of a column's rules ('' when there is nothing to highlight);
 * `priority` gives each rule the next free priority of the sheet. `p` is the sheet's element prefix.
 */
export function highlightMarkup(p: string, highlight: ColumnHighlight, styles: StylesPart, priority: () => number): string {
  if (highlight.rules.length === 0 || highlight.lastRow < highlight.firstRow) return '';
  const letters = columnLetters(highlight.column);
  const rules = highlight.rules.map((rule) => {
    const dxf = styles.highlightOf(argbOf(rule.font), argbOf(rule.fill));
    return `<${p}cfRule type="cellIs" dxfId="${dxf}" priority="${priority()}" operator="equal"><${p}formula>${escapeText(ruleFormula(rule))}</${p}formula></${p}cfRule>`;
  });
  return `<${p}conditionalFormatting sqref="${letters}${highlight.firstRow + 1}:${letters}${highlight.lastRow + 1}">${rules.join('')}</${p}conditionalFormatting>`;
}
