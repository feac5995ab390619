/**
 * Terminal tables measure text as a terminal draws it: CJK characters take two columns, so a
 * Japanese or Chinese table lines up as an English one does.
 */
import { formatTextTable } from '../../cli/table-text';
import { eastAsianWidth } from 'get-east-asian-width';
import { charWidth, displayWidth } from '../../node/terminal-text';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';
import { DEMO_KEY } from '../../emulator';

test('CJK characters take two columns, combining marks none', () => {
  expect(displayWidth('GRM155')).toBe(6);
  expect(displayWidth('村田製作所')).toBe(10);
  expect(displayWidth('量産中')).toBe(6);
  expect(displayWidth('e\u0301')).toBe(1);
});

test('printable ASCII takes one column each, as the width table says, without looking it up', () => {
  for (let code = 0x20; code < 0x7f; code++) {
    const char = String.fromCharCode(code);
    expect([char, charWidth(char)]).toEqual([char, eastAsianWidth(code)]);
  }
  expect(displayWidth('CL10B104KB8NNNC ±10%')).toBe(20);
});

/** The column at which each cell of a line starts, in terminal columns. */
function cellStarts(line: string): number[] {
  const starts: number[] = [];
  let column = 0;
  let previous = ' ';
  let spaces = 0;
  for (const char of line) {
    if (char !== ' ' && (column === 0 || (previous === ' ' && spaces >= 2))) starts.push(column);
    spaces = char === ' ' ? spaces + 1 : 0;
    previous = char;
    column += displayWidth(char);
  }
  return starts;
}

test('a table of Japanese and Chinese text lines up column by column', () => {
  const text = formatTextTable(
    ['入力', 'ステータス', 'Note'],
    [
      ['GRM155R71C104KA88D', '量産中', 'ok'],
      ['LQW18', '生产中止', '—'],
      ['A', 'In Production', 'x'],
    ],
  );
  const lines = text.trimEnd().split('\n').filter((l) => !/^-/.test(l));
  const starts = lines.map(cellStarts);
  for (const s of starts) expect(s).toEqual(starts[0]);
});

test('a long CJK cell is cut to the width of 40 columns', () => {
  const [, , row] = formatTextTable(['a', 'b'], [['品'.repeat(60), 'x']]).split('\n');
  expect(displayWidth(row.split('  ')[0])).toBeLessThanOrEqual(40);
  expect(row).toContain('…');
});

describe('partspec lookup in Japanese', () => {
  const world = useEmulatorHome();
  test('the table lines up with Japanese values', async () => {
    const partnos = world.emulator.catalog.byGroup.SMD.slice(0, 4).map((p) => p.values.Partno as string);
    const run = await runCliInProcess(['lookup', ...partnos, '--lang', 'ja', '--fields', 'Status,ProductName', '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n').filter((l) => !/^-/.test(l));
    expect(lines.some((l) => displayWidth(l) !== l.length)).toBe(true);
    const starts = lines.map(cellStarts);
    for (const s of starts) expect(s.slice(0, 3)).toEqual(starts[0].slice(0, 3));
  });
});
