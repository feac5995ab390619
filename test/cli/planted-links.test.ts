import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEMO_KEY } from '../../emulator';
import { FileError } from '../../node/errors';
import { writeFileSafely } from '../../node/safe-write';
import { ROOT, readXlsx, rowTexts, useEmulatorHome, type CliRun } from './helpers';
import { runCliInProcess } from './in-process';

/*
 * Someone who can write in the folder of a BOM plants links where partspec might write: under the
 * temporary names a writer could choose, and at the --out path itself. No write may follow them:
 * the planted targets stay as they were, and partspec either writes the file it was asked for or
 * refuses with one sentence. The runs whose process id the planting needs are real processes; the
 * refusals of a planted --out run in this process (test/cli/in-process.ts).
 */

const BIN = join(ROOT, 'bin', 'partspec.js');
const KEPT = join(ROOT, 'test', 'fixtures', 'workbooks', 'kept.xlsx');
const VICTIM_TEXT = 'an unrelated file that must never be written\n';
const world = useEmulatorHome();

const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: world.home, XDG_CACHE_HOME: join(world.home, '.cache'), PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url });

/** A folder holding a copy of kept.xlsx as book.xlsx, and a victim file outside it. */
function setUp(name: string): { dir: string; book: string; victim: string } {
  const dir = join(world.home, name);
  mkdirSync(dir, { recursive: true });
  const book = join(dir, 'book.xlsx');
  copyFileSync(KEPT, book);
  chmodSync(book, 0o644);
  const victim = join(world.home, `${name}-victim.txt`);
  writeFileSync(victim, VICTIM_TEXT, { mode: 0o666 });
  return { dir, book, victim };
}

/**
 * Runs `partspec enrich` in `dir` with a process id known before it runs: a shell waits for a line
 * on stdin, then becomes partspec (exec keeps the id). `plant` sees the id before the line is sent.
 */
async function enrichWithKnownPid(dir: string, plant: (pid: number) => void): Promise<CliRun> {
  const child = spawn('sh', ['-c', 'read go; exec "$0" "$@"', process.execPath, BIN, 'enrich', 'book.xlsx', '--fields', 'Status', '--out', 'book.xlsx'], { cwd: dir, env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  plant(child.pid!);
  child.stdin.end('go\n');
  return done;
}

const links = (dir: string): string[] => readdirSync(dir).filter((f) => lstatSync(join(dir, f)).isSymbolicLink());

test('links planted under every temporary name a writer could choose are never followed', async () => {
  const { dir, book, victim } = setUp('planted-temp');
  let planted = 0;
  const result = await enrichWithKnownPid(dir, (pid) => {
    // The names a predictable scheme would use (the process id and the time in milliseconds, for
    // the next 20 seconds), and as many names of the random scheme's shape.
    const now = Date.now();
    for (let t = now; t < now + 20_000; t++) symlinkSync(victim, join(dir, `.book.xlsx.${pid}.${t.toString(36)}.partspec-tmp`));
    for (let i = 0; i < 2000; i++) symlinkSync(victim, join(dir, `.book.xlsx.${randomBytes(12).toString('hex')}.partspec-tmp`));
    planted = 22_000;
  });
  expect([result.code, result.stderr.includes('Error')]).toEqual([1, false]);
  expect(rowTexts((await readXlsx(book)).getWorksheet('BOM')!, 3)).toContain('PartSpec: Match');
  expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
  const after = links(dir);
  expect(after).toHaveLength(planted);
  expect(after.every((f) => readlinkSync(join(dir, f)) === victim)).toBe(true);
  // Nothing but the book and the planted links: the temporary file was renamed, not left.
  expect(readdirSync(dir).filter((f) => !after.includes(f))).toEqual(['book.xlsx']);
}, 120_000);

test('a temporary name swapped for a link while the file is written: the write stays in our file and the rename is refused', async () => {
  const { dir, book, victim } = setUp('swapped-temp');
  const original = readFileSync(book);
  const write = writeFileSafely(book, async (path) => {
    const [temp] = readdirSync(dir).filter((f) => f.endsWith('.partspec-tmp'));
    rmSync(join(dir, temp));
    symlinkSync(victim, join(dir, temp));
    writeFileSync(path, 'new content');
  });
  await expect(write).rejects.toThrow(FileError);
  await expect(write).rejects.toThrow(/book\.xlsx cannot be written: its temporary file was replaced while it was written .*; the file is unchanged\.$/);
  expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
  expect(readFileSync(book).equals(original)).toBe(true);
});

describe('--out at something that is not a regular file, or is read-only, is refused before any work', () => {
  const cases: [string, (dir: string) => string, RegExp][] = [
    ['a link to /dev/null', () => '/dev/null', /\(a link to \/dev\/null\) is a device, not a regular file/],
    ['a link to a FIFO', (dir) => fifo(join(dir, 'pipe')), /\(a link to .*pipe\) is a pipe \(FIFO\), not a regular file/],
    ['a link to a folder', (dir) => folder(join(dir, 'folder')), /\(a link to .*folder\) is a folder, not a regular file/],
    ['a link to a read-only file', (dir) => readOnly(join(dir, 'kept.xlsx')), /\(a link to .*kept\.xlsx\) is read-only; PartSpec does not replace it/],
  ];
  test.each(cases)('%s', async (_what, make, message) => {
    const { dir, book } = setUp(`out-${_what.replace(/\W+/g, '-')}`);
    const target = make(dir);
    const before = snapshot(target);
    symlinkSync(target, join(dir, 'out.xlsx'));
    const bookBefore = readFileSync(book);
    const result = await runCliInProcess(['enrich', 'book.xlsx', '--fields', 'Status', '--out', join(dir, 'out.xlsx')], { home: dir, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(lines[0]).toMatch(/nothing was written\)\.$/);
    expect(snapshot(target)).toEqual(before);
    expect(lstatSync(join(dir, 'out.xlsx')).isSymbolicLink()).toBe(true);
    expect(readFileSync(book).equals(bookBefore)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('partspec-tmp'))).toEqual([]);
  });

  test('the BOM itself, read-only, is not replaced in place', async () => {
    const { dir, book } = setUp('out-read-only-book');
    chmodSync(book, 0o444);
    const before = readFileSync(book);
    const result = await runCliInProcess(['enrich', 'book.xlsx', '--fields', 'Status', '--out', 'book.xlsx'], { home: dir, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('partspec enrich: book.xlsx is read-only; PartSpec does not replace it: make it writable or write to another file (nothing was written).');
    expect(readFileSync(book).equals(before)).toBe(true);
    expect(statSync(book).mode & 0o777).toBe(0o444);
  });
});

function fifo(path: string): string {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
}

function folder(path: string): string {
  mkdirSync(path);
  writeFileSync(join(path, 'inside.txt'), 'kept');
  return path;
}

function readOnly(path: string): string {
  copyFileSync(KEPT, path);
  chmodSync(path, 0o444);
  return path;
}

/** What a planted target is and holds, to compare before and after. */
function snapshot(path: string): unknown {
  const info = statSync(path);
  const kind = info.isFile() ? 'file' : info.isDirectory() ? 'folder' : info.isFIFO() ? 'fifo' : 'device';
  const content = info.isFile() ? readFileSync(path).toString('base64') : info.isDirectory() ? readdirSync(path) : undefined;
  return { kind, mode: info.mode, content, rdev: info.rdev };
}
