import { escapeControls, terminalText } from '../../node/terminal-text';

test('every bidirectional control a terminal reorders text by, and the line separators, is shown escaped', () => {
  const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u2028', '\u2029'];
  for (const c of controls) {
    const shown = terminalText(`part GRM${c}155 not found`);
    expect(shown).toBe(`part GRM\\u{${c.codePointAt(0)!.toString(16)}}155 not found`);
    expect(escapeControls(c)).not.toContain(c);
  }
  // Right-to-left text itself is data, not a control: it stays.
  expect(terminalText('מק״ט GRM155')).toBe('מק״ט GRM155');
});
