/**
 * One rule for text that hides itself: visibleText writes out each bidirectional control and
 * zero-width character, and the terminal's escaping is that rule plus the controls only a terminal
 * acts on, so every view shows the same `\u{202e}`.
 */
import { visibleText } from '../../core/visible-text';
import { escapeControls, terminalText } from '../../node/terminal-text';

const HIDDEN = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];

test.each(HIDDEN.map((c) => [c.codePointAt(0)!.toString(16), c]))('U+%s is written out by every view alike', (hex, c) => {
  const shown = `GRM\\u{${hex}}155`;
  expect(visibleText(`GRM${c}155`)).toBe(shown);
  expect(escapeControls(`GRM${c}155`)).toBe(shown);
  expect(terminalText(`part GRM${c}155 not found`)).toBe(`part ${shown} not found`);
  expect(terminalText(`GRM${c}155`, 40)).toBe(shown);
});

test('letters of right-to-left scripts, emoji and the terminal-only controls are left to their own rules', () => {
  expect(visibleText('מק״ט بديل ✅🔌')).toBe('מק״ט بديل ✅🔌');
  // ESC and the line separator are a terminal's business; visibleText keeps them, the terminal writes them out.
  expect(visibleText('a\u001bb\u2028c')).toBe('a\u001bb\u2028c');
  expect(escapeControls('a\u001bb\u2028c')).toBe('a\\x1bb\\u{2028}c');
  expect(visibleText('')).toBe('');
});
