import type { ConditionalFormatModel } from './model';

/** The text a cell-value rule's formula compares with: `="EOL"` → `EOL`; undefined for any other formula. */
function literalOf(formula: unknown): string | undefined {
  const m = /^=?"((?:[^"]|"")*)"$/.exec(String(formula ?? '').trim());
  return m ? m[1].replace(/""/g, '"') : undefined;
}

/**
 * Whether a conditional format's rule matches a cell's displayed text: the text comparisons and a
 * cell value equal to a text (Excel compares text without regard to case).
 */
export function ruleMatches(cf: ConditionalFormatModel, text: string): boolean {
  const operator = String(cf.rule.operator ?? '');
  if (cf.type === 'CellValue' || cf.type === 'cellValue') {
    const want = literalOf(cf.rule.formula1);
    return operator === 'EqualTo' && want !== undefined && text.toLowerCase() === want.toLowerCase();
  }
  if (cf.type !== 'ContainsText' && cf.type !== 'containsText') return false;
  const want = String(cf.rule.text ?? '');
  switch (operator) {
    case 'BeginsWith':
      return text.startsWith(want);
    case 'EndsWith':
      return text.endsWith(want);
    case 'Contains':
      return text.includes(want);
    case 'NotContains':
      return !text.includes(want);
    default:
      return false;
  }
}
