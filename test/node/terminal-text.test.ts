import { ELLIPSIS, TERMINAL_LIMITS, escapeControls, shorten, terminalText } from '../../node/terminal-text';
import { print, type CommandContext } from '../../cli/context';
import { createProgress } from '../../cli/progress';
import { formatTextTable } from '../../cli/table-text';
import { DEMO_KEY } from '../../emulator';
import { useEmulatorHome } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';

/** A part number that, printed raw, sets the terminal's title and rings its bell. */
const TITLE_SETTER = 'GRM155\x1b]0;owned\x07R71C104KA88D';

describe('terminalText', () => {
  test('ESC, BEL, NUL, CR, DEL, C1 and bidirectional overrides are shown escaped; tabs and newlines stay', () => {
    expect(terminalText(`'${TITLE_SETTER}' not found`)).toBe("'GRM155\\x1b]0;owned\\x07R71C104KA88D' not found");
    expect(escapeControls('a\x00b\rc\x7fd\u009be\u202ef\tg\nh')).toBe('a\\x00b\\x0dc\\x7fd\\x9be\\u{202e}f\tg\nh');
    expect(terminalText('plain text, the maker’s and the maker\'s words: unchanged.')).toBe("plain text, the maker’s and the maker's words: unchanged.");
  });

  test('a table cell escapes every control, its tabs and line breaks too, and is cut to its width', () => {
    expect(terminalText(`${TITLE_SETTER}\tx\ny\u2028`, 80)).toBe('GRM155\\x1b]0;owned\\x07R71C104KA88D\\x09x\\x0ay\\u{2028}');
    expect(terminalText('A'.repeat(1_000_000), 40)).toBe(`${'A'.repeat(40)}${ELLIPSIS}`);
    const table = formatTextTable(['Input', 'Note'], [[TITLE_SETTER, 'two\nlines']]);
    const shown = 'GRM155\\x1b]0;owned\\x07R71C104KA88D';
    expect(table.split('\n')).toEqual([`${'Input'.padEnd(shown.length)}  Note`, `${'-'.repeat(shown.length)}  ${'-'.repeat(12)}`, `${shown}  two\\x0alines`, '']);
  });

  test('a quoted value over 80 characters keeps 80 and "…"; the sentence around it stays', () => {
    const value = 'X'.repeat(300);
    expect(terminalText(`Part '${value}' is invalid.`)).toBe(`Part '${'X'.repeat(80)}${ELLIPSIS}' is invalid.`);
    // An apostrophe inside a word opens no quote, however long the sentence after it.
    const prose = `The BOM's header row ${'is long '.repeat(20)}and 'MPN' is the column.`;
    expect(terminalText(prose)).toBe(prose);
  });

  test('a 200 MB value is shortened in a message of a few hundred characters, quickly', () => {
    const huge = 'A'.repeat(200 * 1024 * 1024);
    // The messages are built (and made flat strings) before the clock starts: only terminalText is timed.
    const messages = [`partspec enrich: Sheet 'BOM': '${huge}' not found.`, `partspec enrich: row 2 holds ${huge}\x1b[2J and more`];
    messages.forEach((message) => message.charCodeAt(message.length - 1));
    const started = Date.now();
    const [quoted, bare] = messages.map((message) => terminalText(message));
    expect(quoted).toBe(`partspec enrich: Sheet 'BOM': '${'A'.repeat(TERMINAL_LIMITS.value)}${ELLIPSIS}' not found.`);
    expect(bare).toBe(`partspec enrich: row 2 holds ${'A'.repeat(TERMINAL_LIMITS.word)}${ELLIPSIS}\\x1b[2J and more`);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('lines and messages are bounded too, and a surrogate pair is never cut in two', () => {
    const many = Array.from({ length: 2000 }, (_v, i) => `line ${i}`).join('\n');
    const lines = terminalText(many).split('\n');
    expect(lines).toHaveLength(TERMINAL_LIMITS.lines + 1);
    expect(lines.at(-1)).toBe(ELLIPSIS);
    expect(terminalText('word '.repeat(400)).length).toBe(TERMINAL_LIMITS.line + 1);
    expect(shorten(`${'a'.repeat(79)}😀😀`, 80)).toBe(`${'a'.repeat(79)}${ELLIPSIS}`);
  });

  test('the progress line shows a label from a file escaped', () => {
    const writes: string[] = [];
    const progress = createProgress({ isTTY: true, columns: 200, write: (text: string) => writes.push(text) > 0 }, true);
    progress.update(`Looking up ${TITLE_SETTER}`, 1, 2);
    // eslint-disable-next-line no-control-regex -- the test looks for raw controls
    expect(writes.at(-1)).toMatch(/^\r\x1b\[2KLooking up GRM155\\x1b\]0;owned\\x07R71C104KA88D \[/);
  });
});

describe('results on stdout', () => {
  /** A context whose stdout keeps what was written; a terminal or a pipe. */
  const contextWith = (isTTY: boolean, written: string[]): CommandContext =>
    ({ stdout: { isTTY, write: (text: string, done: (error?: Error) => void) => (written.push(text), done(), true) } }) as unknown as CommandContext;

  test('on a terminal, controls in the data are shown escaped; a pipe gets the bytes as they are', async () => {
    const terminal: string[] = [];
    const pipe: string[] = [];
    await print(contextWith(true, terminal), `${TITLE_SETTER}\tExact\n`);
    await print(contextWith(false, pipe), `${TITLE_SETTER}\tExact\n`);
    expect(terminal).toEqual(['GRM155\\x1b]0;owned\\x07R71C104KA88D\tExact\n']);
    expect(pipe).toEqual([`${TITLE_SETTER}\tExact\n`]);
  });
});

describe('partspec prints text from the command line and the service safely', () => {
  const world = useEmulatorHome();

  test('a part number holding ESC]0;title BEL and a 100,000-character one: escaped and shortened on stderr', async () => {
    const long = `GRM${'9'.repeat(100_000)}`;
    const run = await runCliInProcess(['lookup', TITLE_SETTER, long, '--fields', 'Status', '--no-cache'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
    // eslint-disable-next-line no-control-regex -- the test looks for raw controls
    expect(run.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(run.stderr).toContain('GRM155\\x1b]0;owned\\x07R71C104KA88D');
    expect(run.stderr).toContain(`'GRM${'9'.repeat(77)}${ELLIPSIS}'`);
    expect(run.stderr.length).toBeLessThan(2000);
  });

  test('an unknown command name is echoed escaped', async () => {
    const run = await runCliInProcess(['\x1b[2Jwipe'], { home: world.home });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("partspec: unknown command '\\x1b[2Jwipe'.");
  });
});
