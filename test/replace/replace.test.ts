import { copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_KEY } from '../../emulator';
import { WorkbookPatch } from '../../ooxml/workbook-patch';
import { convertWithLibreOffice } from '../fixtures/workbooks/libreoffice';
import { useEmulatorHome } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';
import { replacementPair } from './replacement-pair';

/*
 * `partspec replace` on a folder of BOMs against the emulator over HTTP: workbooks saved by Excel's
 * layout and by LibreOffice (with charts, a picture, notes and a hyperlink), and text BOMs in two
 * layouts. What the preview lists is what the run changes and logs; the run keeps every other
 * part of each workbook byte for byte; --undo gives the files back.
 */

const FIXTURES = join(__dirname, '..', 'fixtures', 'workbooks');
const OLD = 'MCS18R71H104KZ9D';
const world = useEmulatorHome();
const env = (): Record<string, string> => ({ PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url });
const replace = (args: readonly string[], cwd?: string) => runCliInProcess(['replace', ...args], { home: world.home, env: env(), cwd });

/** A CSV with a byte-order mark, semicolons, CRLF, the part in quotes in lower case, and a longer number that holds it. */
const CSV = `\uFEFFRef;Qty;Part Number;Note\r\nC1;2;"${OLD.toLowerCase()}";"a; b"\r\nC2;1;${OLD}X;longer\r\nC9;1;${OLD};\r\n`;
/** A TSV with LF line ends and no final line end. */
const TSV = `Ref\tMPN\tMPN2\nC5\tGRM21BR61E106KA73L\t${OLD}\nC6\t${OLD}\t`;

/** A folder of BOMs: two workbooks in it, two text BOMs and a third workbook below it. */
function makeBoms(name: string): string {
  const dir = join(world.home, name);
  mkdirSync(join(dir, 'sub'), { recursive: true });
  copyFileSync(join(FIXTURES, 'libreoffice-charts.xlsx'), join(dir, 'charts.xlsx'));
  copyFileSync(join(FIXTURES, 'kept.xlsx'), join(dir, 'kept.xlsx'));
  copyFileSync(join(FIXTURES, 'libreoffice-kept.xlsx'), join(dir, 'sub', 'lo-kept.xlsx'));
  copyFileSync(join(FIXTURES, 'macros.xlsm'), join(dir, 'sub', 'macros.xlsm'));
  writeFileSync(join(dir, 'bom.csv'), CSV);
  writeFileSync(join(dir, 'sub', 'board.tsv'), TSV);
  return dir;
}

/** Every file below a folder with its bytes. */
function snapshot(dir: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  const walk = (d: string, prefix: string): void => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (lstatSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else out[`${prefix}${name}`] = readFileSync(path);
    }
  };
  walk(dir, '');
  return out;
}

const parts = (file: string): Record<string, Uint8Array> => unzipSync(readFileSync(file));
const values = (file: string, sheet = 'BOM'): unknown[][] => new WorkbookPatch(readFileSync(file)).values(sheet);
/** The parts whose bytes differ between two packages (both must hold the same parts, in the same order). */
function changedParts(before: Record<string, Uint8Array>, after: Record<string, Uint8Array>): string[] {
  expect(Object.keys(after)).toEqual(Object.keys(before));
  return Object.keys(before).filter((p) => !Buffer.from(before[p]).equals(Buffer.from(after[p]))).sort();
}

/** The table rows a run printed: File, Sheet, Cell, Before, After. */
const listed = (stdout: string): string[][] => stdout.trim().split('\n').slice(2).map((line) => line.split(/\s{2,}/));

interface Log {
  old: string;
  new: string;
  acceptedDifferences: string[];
  files: { file: string; format: string; sha256Before: string; sha256After: string; changes: { sheet: string; cell: string; before: string; after: string; quoted?: boolean }[] }[];
}
const WORKBOOKS = ['charts.xlsx', 'kept.xlsx', 'sub/lo-kept.xlsx', 'sub/macros.xlsm'];
const logsIn = (dir: string): string[] => readdirSync(dir).filter((f) => f.startsWith('partspec-replace-') && f.endsWith('.json'));

let NEW: string;
let LOOSER: string;

beforeAll(async () => {
  const run = await runCliInProcess(['replacements', OLD, '--json', '--max', '1'], { home: world.home, env: env() });
  ({ NEW, LOOSER } = replacementPair(world.emulator.catalog, OLD, run.stdout));
}, 60_000);

describe('a preview, the run, and --undo on a folder of BOMs', () => {
  let dir: string;
  let original: Record<string, Buffer>;
  let afterPreview: Record<string, Buffer>;
  let preview: Awaited<ReturnType<typeof replace>>;
  let run: Awaited<ReturnType<typeof replace>>;
  let replaced: Record<string, Buffer>;
  let log: Log;
  let logFile: string;

  beforeAll(async () => {
    dir = makeBoms('folder');
    original = snapshot(dir);
    preview = await replace([OLD, NEW, dir, '--dry-run']);
    afterPreview = snapshot(dir);
    run = await replace([OLD.toLowerCase(), NEW, dir]);
    replaced = snapshot(dir);
    [logFile] = logsIn(dir);
    log = JSON.parse(readFileSync(join(dir, logFile), 'utf8')) as Log;
  }, 120_000);

  test('--dry-run lists every file, sheet and cell with before and after, and writes nothing', () => {
    expect(preview.code).toBe(0);
    expect(listed(preview.stdout)).toEqual([
      [join(dir, 'bom.csv'), 'bom', 'C2', OLD.toLowerCase(), NEW],
      [join(dir, 'bom.csv'), 'bom', 'C4', OLD, NEW],
      [join(dir, 'charts.xlsx'), 'BOM', 'C4', OLD, NEW],
      [join(dir, 'kept.xlsx'), 'BOM', 'C4', OLD, NEW],
      [join(dir, 'sub', 'board.tsv'), 'board', 'C2', OLD, NEW],
      [join(dir, 'sub', 'board.tsv'), 'board', 'B3', OLD, NEW],
      [join(dir, 'sub', 'lo-kept.xlsx'), 'BOM', 'C4', OLD, NEW],
      [join(dir, 'sub', 'macros.xlsm'), 'BOM', 'C4', OLD, NEW],
    ]);
    expect(preview.stderr).toContain('8 cells in 6 files would change');
    expect(preview.stderr).toContain('nothing was written (--dry-run)');
    expect(Object.keys(original)).toEqual(['bom.csv', 'charts.xlsx', 'kept.xlsx', 'sub/board.tsv', 'sub/lo-kept.xlsx', 'sub/macros.xlsm']);
    expect(afterPreview).toEqual(original);
  });

  test('the run changes exactly the cells the preview listed, and logs each with the file hashes', () => {
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(preview.stdout);
    expect(run.stderr).toContain(`Replaced ${OLD} by ${NEW} in 8 cells of 6 files`);
    const logged = log.files.flatMap((f) => f.changes.map((c) => [f.file, c.sheet, c.cell, c.before, c.after]));
    expect(logged).toEqual(listed(preview.stdout));
    expect(log).toMatchObject({ old: OLD, new: NEW, acceptedDifferences: [] });
    const { createHash } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
    for (const f of log.files) {
      const name = f.file.slice(dir.length + 1);
      expect([name, f.sha256Before, f.sha256After]).toEqual([name, sha(original[name]), sha(replaced[name])]);
    }
    for (const name of WORKBOOKS) {
      const now = values(join(dir, name));
      const before = new WorkbookPatch(original[name]).values('BOM');
      expect(now[3][2]).toBe(NEW);
      now[3][2] = OLD;
      expect(now).toEqual(before);
    }
  });

  test('each workbook keeps every part but the sheet and its strings byte for byte, and the sheet but the one cell', () => {
    for (const name of WORKBOOKS) {
      const before = unzipSync(original[name]);
      const after = parts(join(dir, name));
      expect([name, changedParts(before, after)]).toEqual([name, ['xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml']]);
      // The sheet differs only in the replaced cell's string index: its format (s=) stays.
      const [sheetBefore, sheetAfter] = [strFromU8(before['xl/worksheets/sheet1.xml']), strFromU8(after['xl/worksheets/sheet1.xml'])];
      const cell = (xml: string): string => /<c r="C4"[^>]*>.*?<\/c>/.exec(xml)![0];
      expect(sheetAfter.replace(cell(sheetAfter), '')).toBe(sheetBefore.replace(cell(sheetBefore), ''));
      expect(cell(sheetAfter).replace(/<v>\d+<\/v>/, '')).toBe(cell(sheetBefore).replace(/<v>\d+<\/v>/, ''));
    }
  });

  test('LibreOffice opens each replaced workbook and reads the new part where the old one was', async () => {
    const check = join(world.home, 'opened');
    mkdirSync(check, { recursive: true });
    const files = ['charts.xlsx', 'sub/lo-kept.xlsx'].map((name, i) => {
      const file = join(check, `replaced-${i}.xlsx`);
      writeFileSync(file, replaced[name]);
      return file;
    });
    const csvs = Object.values(await convertWithLibreOffice(files, check, 'csv')).map((b) => b.toString('latin1'));
    expect(csvs).toHaveLength(2);
    for (const csv of csvs) expect(csv).toMatch(new RegExp(`^C1,4,${NEW},decoupling`, 'm'));
  }, 180_000);

  test('each text BOM keeps its byte-order mark, delimiter, quoting and line ends; only the fields change', () => {
    expect(replaced['bom.csv'].toString('utf8')).toBe(CSV.replace(`"${OLD.toLowerCase()}"`, `"${NEW}"`).replace(`C9;1;${OLD};`, `C9;1;${NEW};`));
    expect(replaced['sub/board.tsv'].toString('utf8')).toBe(TSV.replace(`\t${OLD}\n`, `\t${NEW}\n`).replace(`C6\t${OLD}\t`, `C6\t${NEW}\t`));
    expect(readdirSync(dir).filter((f) => f.includes('partspec-tmp'))).toEqual([]);
  });

  test('--undo puts every file back: text BOMs byte for byte, workbooks cell for cell with every other part as it was', async () => {
    const undo = await replace(['--undo', join(dir, logFile)]);
    expect([undo.code, undo.stderr]).toEqual([0, `Put back 8 cells in 6 files (${NEW} → ${OLD}) from ${join(dir, logFile)}.\n`]);
    const back = snapshot(dir);
    expect(back['bom.csv'].equals(original['bom.csv'])).toBe(true);
    expect(back['sub/board.tsv'].equals(original['sub/board.tsv'])).toBe(true);
    for (const name of WORKBOOKS) {
      // The new part's string stays in the shared strings (indexes are never reordered); the sheet is as it was.
      expect([name, changedParts(unzipSync(original[name]), unzipSync(back[name]))]).toEqual([name, ['xl/sharedStrings.xml']]);
      expect(new WorkbookPatch(back[name]).values('BOM')).toEqual(new WorkbookPatch(original[name]).values('BOM'));
    }
    const again = await replace(['--undo', join(dir, logFile)]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Put back 0 cells in 0 files');
    expect(snapshot(dir)).toEqual(back);
  }, 60_000);
});

describe('what is refused', () => {
  test('a new part that is not a drop-in is named with what differs, and nothing is written; --accept-differences lets it through and logs it', async () => {
    const dir = makeBoms('looser');
    const before = snapshot(dir);
    const refused = await replace([OLD, LOOSER, dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`^partspec replace: ${LOOSER} is not a drop-in for ${OLD}: it falls short on RatedVoltage[^(]*\\(RatedVoltage \\d+ V vs \\d+ V.*\\)\\. Give --accept-differences to replace it anyway; nothing was written\\.\\n$`));
    expect(snapshot(dir)).toEqual(before);
    const accepted = await replace([OLD, LOOSER, join(dir, '*.csv'), '--accept-differences', '--log', join(dir, 'looser.json')]);
    expect(accepted.code).toBe(0);
    expect(accepted.stderr).toContain('Replaced anyway (--accept-differences)');
    expect(listed(accepted.stdout).map((r) => r.slice(2))).toEqual([
      ['C2', OLD.toLowerCase(), LOOSER],
      ['C4', OLD, LOOSER],
    ]);
    const log = JSON.parse(readFileSync(join(dir, 'looser.json'), 'utf8')) as Log;
    expect(log.acceptedDifferences.some((d) => /^RatedVoltage \d+ V vs \d+ V$/.test(d))).toBe(true);
  }, 60_000);

  test('a part not found is said, and nothing is written', async () => {
    const dir = makeBoms('missing');
    const before = snapshot(dir);
    const run = await replace([OLD, 'GRM000NOTAPART', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^GRM000NOTAPART was not found \([^)]*\)\. Nothing was written\.\n$/);
    expect(snapshot(dir)).toEqual(before);
  });

  test('--undo refuses a file that changed since the log was written, and puts nothing back', async () => {
    const dir = makeBoms('edited');
    expect((await replace([OLD, NEW, dir, '--log', join(dir, 'run.json')])).code).toBe(0);
    writeFileSync(join(dir, 'sub', 'board.tsv'), `${readFileSync(join(dir, 'sub', 'board.tsv'), 'utf8')}\nC7\tedited by hand`);
    const edited = snapshot(dir);
    const undo = await replace(['--undo', join(dir, 'run.json')]);
    expect(undo.code).toBe(2);
    expect(undo.stderr).toBe(`partspec replace: ${join(dir, 'sub', 'board.tsv')} changed since the replacement was logged (its content is not what the replacement wrote); it is left as it is; nothing was put back.\n`);
    expect(snapshot(dir)).toEqual(edited);
  }, 60_000);

  test('a link planted where the log goes is refused before anything is written; so is a log that exists', async () => {
    const dir = makeBoms('planted');
    const victim = join(world.home, 'victim.txt');
    writeFileSync(victim, 'keep me');
    symlinkSync(victim, join(dir, 'log.json'));
    const before = snapshot(dir);
    const run = await replace([OLD, NEW, dir, '--log', join(dir, 'log.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`partspec replace: ${join(dir, 'log.json')} is a link; partspec writes a log only to a new file: give another --log (nothing was written).\n`);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(lstatSync(join(dir, 'log.json')).isSymbolicLink()).toBe(true);
    expect(snapshot(dir)).toEqual(before);
    // A link inside a folder is not followed: the BOM it leads to stays as it is.
    const outside = join(world.home, 'outside.csv');
    writeFileSync(outside, CSV);
    symlinkSync(outside, join(dir, 'sub', 'linked.csv'));
    const dry = await replace([OLD, NEW, dir, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).not.toContain('linked.csv');
    writeFileSync(join(dir, 'old.json'), '{}');
    const exists = await replace([OLD, NEW, dir, '--log', join(dir, 'old.json')]);
    expect(exists.code).toBe(2);
    expect(exists.stderr).toMatch(/old\.json exists already; partspec does not overwrite a log/);
  }, 60_000);

  test('a value starting with = is written as text, never as a formula (an edited log put back)', async () => {
    const dir = makeBoms('formula');
    const file = join(dir, 'kept.xlsx');
    expect((await replace([OLD, NEW, file, '--log', join(dir, 'run.json')])).code).toBe(0);
    const log = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Log;
    log.files[0].changes[0].before = '=HYPERLINK("https://example.com","x")';
    writeFileSync(join(dir, 'run.json'), JSON.stringify(log));
    expect((await replace(['--undo', join(dir, 'run.json')])).code).toBe(0);
    expect(values(file)[3][2]).toBe('=HYPERLINK("https://example.com","x")');
    const sheet = strFromU8(parts(file)['xl/worksheets/sheet1.xml']);
    expect(/<c r="C4"[^>]*>.*?<\/c>/.exec(sheet)![0]).toMatch(/^<c r="C4"[^>]* t="s"><v>\d+<\/v><\/c>$/);
  }, 60_000);
});
