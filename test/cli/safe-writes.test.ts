import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, symlinkSync, writeFileSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DEMO_KEY } from '../../emulator';
import { Sink } from '../../ooxml/zip-stream';
import { ROOT, readXlsx, rowTexts, useEmulatorHome, type CliRun } from './helpers';
import { runCliInProcess } from './in-process';

/*
 * Every file partspec writes goes to a temporary file in the same folder and is renamed into
 * place: a read-only folder, a full disk (played at the fs boundary by support/fs-faults.cjs),
 * Ctrl-C or a killed process leave the old file byte-identical, with one sentence and exit 2.
 * Those runs are real processes (a fault at the fs boundary, another user, signals); the refusals
 * of inputs that are not regular files run in this process (test/cli/in-process.ts).
 */

const BIN = join(ROOT, 'bin', 'partspec.js');
const FAULTS = join(__dirname, 'support', 'fs-faults.cjs');
const KEPT = join(ROOT, 'test', 'fixtures', 'workbooks', 'kept.xlsx');
const world = useEmulatorHome();
beforeAll(() => chmodSync(world.home, 0o755));

interface Started {
  child: ChildProcess;
  done: Promise<CliRun>;
}

/** Starts `partspec` in `cwd` as a user would, optionally as another user or with a disk fault. */
function startCli(args: readonly string[], options: { cwd: string; fault?: 'enospc' | 'hang'; uid?: number }): Started {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: options.cwd, XDG_CACHE_HOME: join(world.home, '.cache'), PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url };
  if (options.fault) Object.assign(env, { NODE_OPTIONS: `--require ${FAULTS}`, PARTSPEC_TEST_FS_FAULT: options.fault });
  const ids = options.uid === undefined ? {} : { uid: options.uid, gid: options.uid };
  const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], ...ids });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? -1 : null), stdout, stderr }));
  });
  return { child, done };
}

/** A fresh folder under the run folder holding a copy of kept.xlsx as book.xlsx. */
function folderWithBook(name: string): { dir: string; book: string; original: Buffer } {
  const dir = join(world.home, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const book = join(dir, 'book.xlsx');
  copyFileSync(KEPT, book);
  chmodSync(book, 0o644);
  return { dir, book, original: readFileSync(book) };
}

const enrichArgs = (file: string, out = file): string[] => ['enrich', file, '--fields', 'Status', '--out', out];
const leftovers = (dir: string): string[] => readdirSync(dir).filter((f) => f.includes('partspec-tmp'));

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('an in-place write keeps the file complete and its permissions, and leaves no temporary file', async () => {
  const { dir, book } = folderWithBook('perms');
  chmodSync(book, 0o640);
  const run = await startCli(enrichArgs('book.xlsx'), { cwd: dir }).done;
  expect(run.code).toBe(1);
  expect(statSync(book).mode & 0o777).toBe(0o640);
  expect(rowTexts((await readXlsx(book)).getWorksheet('BOM')!, 3)).toContain('PartSpec: Match');
  expect(leftovers(dir)).toEqual([]);
});

test('through a symbolic link, the workbook it points to is replaced and the link stays', async () => {
  const { dir, book } = folderWithBook('linked');
  symlinkSync(book, join(dir, 'link.xlsx'));
  const run = await startCli(enrichArgs('link.xlsx'), { cwd: dir }).done;
  expect(run.code).toBe(1);
  expect(lstatSync(join(dir, 'link.xlsx')).isSymbolicLink()).toBe(true);
  expect(rowTexts((await readXlsx(book)).getWorksheet('BOM')!, 3)).toContain('PartSpec: Match');
  expect(leftovers(dir)).toEqual([]);
});

test('a read-only folder: one sentence, exit 2, the workbook byte-identical', async () => {
  const { dir, book, original } = folderWithBook('read-only');
  // Root writes anywhere whatever the mode bits say, so as root the run is made as 'nobody'.
  const asRoot = process.getuid?.() === 0;
  chmodSync(dir, 0o555);
  try {
    const run = await startCli(enrichArgs('book.xlsx'), { cwd: dir, uid: asRoot ? 65534 : undefined }).done;
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines[lines.length - 1]).toBe(`partspec enrich: book.xlsx cannot be written: the folder ${dir} is read-only for this user (EACCES); the file is unchanged.`);
    expect(readFileSync(book).equals(original)).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  } finally {
    chmodSync(dir, 0o777);
  }
});

test.each([
  ['xlsx', 'book.xlsx'],
  ['csv', 'bom.csv'],
])('a full disk while writing %s: one sentence, exit 2, the old file byte-identical, no temporary file left', async (_kind, file) => {
  const { dir, book } = folderWithBook(`full-${file}`);
  const target = join(dir, file);
  if (file.endsWith('.csv')) writeFileSync(target, `Part Number,Qty\r\n${'MCS18R71H104KZ9D,1\r\n'.repeat(400)}`);
  const original = readFileSync(file.endsWith('.csv') ? target : book);
  const run = await startCli(enrichArgs(file), { cwd: dir, fault: 'enospc' }).done;
  expect(run.code).toBe(2);
  expect(run.stderr.trim().split('\n').pop()).toBe(`partspec enrich: ${file} cannot be written: the disk is full (ENOSPC); the file is unchanged.`);
  expect(readFileSync(target).equals(original)).toBe(true);
  expect(leftovers(dir)).toEqual([]);
});

test('a full disk while streaming a new xlsx (search --out): one sentence, exit 2, no file and no temporary file left', async () => {
  const dir = join(world.home, 'full-search');
  mkdirSync(dir, { recursive: true });
  const run = await startCli(['search', '--category', 'inductors', '--fields', 'Status', '--out', 'parts.xlsx'], { cwd: dir, fault: 'enospc' }).done;
  expect(run.code).toBe(2);
  expect(run.stderr.trim().split('\n').pop()).toMatch(/^partspec search: parts\.xlsx cannot be written: the disk is full \(ENOSPC\)/);
  expect(readdirSync(dir)).toEqual([]);
});

test('a file that fails after taking its last chunk fails the write: the Sink every streamed writer ends with rejects', async () => {
  const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  const late = new Writable({
    write: (_chunk, _encoding, callback) => callback(),
    final: (callback) => setImmediate(() => callback(enospc)),
  });
  const sink = new Sink(late as unknown as WriteStream);
  sink.put(new Uint8Array(16));
  await sink.settle();
  await expect(sink.end()).rejects.toBe(enospc);
});

/** Mounts a small tmpfs (a real disk that fills up) when this run may, i.e. as root with mount rights. */
function mountTinyDisk(dir: string): boolean {
  mkdirSync(dir, { recursive: true });
  return process.getuid?.() === 0 && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]).status === 0;
}

const tinyDir = join(tmpdir(), `partspec-tiny-disk-${process.pid}`);
const tiny = mountTinyDisk(tinyDir);
// Where no tmpfs can be mounted (not root), the injected ENOSPC above plays the full disk.
(tiny ? test : test.skip)('a really full disk (a 64 KiB tmpfs): one sentence, exit 2, the workbook byte-identical, nothing left behind', async () => {
    const book = join(tinyDir, 'book.xlsx');
    copyFileSync(KEPT, book);
    chmodSync(tinyDir, 0o777);
    const original = readFileSync(book);
    const free = statfsSync(tinyDir);
    // Leave one page: less than the enriched workbook needs.
    writeFileSync(join(tinyDir, 'filler.bin'), Buffer.alloc(Number(free.bavail - 1) * Number(free.bsize)));
    const run = await startCli(enrichArgs('book.xlsx'), { cwd: tinyDir }).done;
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n').pop()).toBe('partspec enrich: book.xlsx cannot be written: the disk is full (ENOSPC); the file is unchanged.');
    expect(readFileSync(book).equals(original)).toBe(true);
  expect(leftovers(tinyDir)).toEqual([]);
});

afterAll(() => {
  if (tiny) spawnSync('umount', [tinyDir]);
  rmSync(tinyDir, { recursive: true, force: true });
});

test('Ctrl-C during the write leaves the old file byte-identical and removes the temporary file', async () => {
  const { dir, book, original } = folderWithBook('ctrl-c');
  const started = startCli(enrichArgs('book.xlsx'), { cwd: dir, fault: 'hang' });
  await waitFor(() => leftovers(dir).length > 0 && statSync(join(dir, leftovers(dir)[0])).size >= 2048, 'the temporary file');
  started.child.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 200));
  started.child.kill('SIGINT');
  const run = await started.done;
  expect(run.code).toBe(130);
  expect(readFileSync(book).equals(original)).toBe(true);
  expect(leftovers(dir)).toEqual([]);
});

test('a run killed during the write leaves the old file byte-identical', async () => {
  const { dir, book, original } = folderWithBook('killed');
  const started = startCli(enrichArgs('book.xlsx'), { cwd: dir, fault: 'hang' });
  await waitFor(() => leftovers(dir).length > 0 && statSync(join(dir, leftovers(dir)[0])).size >= 2048, 'the temporary file');
  started.child.kill('SIGKILL');
  await started.done;
  expect(readFileSync(book).equals(original)).toBe(true);
  // Only a hidden, partial temporary file can remain after SIGKILL; the workbook itself is whole.
  expect(leftovers(dir).every((f) => f.startsWith('.book.xlsx.'))).toBe(true);
});

describe('an input that is not a regular file is refused at once, before anything is read', () => {
  const cases: [string, string, (dir: string) => void, RegExp][] = [
    ['a FIFO named .csv (nobody writes to it)', 'pipe.csv', (dir) => spawnSync('mkfifo', [join(dir, 'pipe.csv')]), /^partspec enrich: pipe\.csv is a pipe \(FIFO\), not a regular file; PartSpec reads only regular files\.$/],
    ['a FIFO named .xlsx', 'pipe.xlsx', (dir) => spawnSync('mkfifo', [join(dir, 'pipe.xlsx')]), /^partspec enrich: pipe\.xlsx is a pipe \(FIFO\), not a regular file/],
    ['/dev/zero through a link named .csv', 'zero.csv', (dir) => symlinkSync('/dev/zero', join(dir, 'zero.csv')), /^partspec enrich: zero\.csv \(a link to \/dev\/zero\) is a device, not a regular file/],
    ['a folder named .xlsx', 'folder.xlsx', (dir) => mkdirSync(join(dir, 'folder.xlsx')), /^partspec enrich: folder\.xlsx is a folder, not a regular file/],
  ];
  test.each(cases)('%s', async (_what, name, make, message) => {
    const dir = join(world.home, `input-${name}`);
    mkdirSync(dir, { recursive: true });
    make(dir);
    const started = Date.now();
    const run = await runCliInProcess(enrichArgs(name, 'out.xlsx'), { home: dir, cwd: dir, env: { XDG_CACHE_HOME: join(world.home, '.cache'), PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(message);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(readdirSync(dir).filter((f) => f.startsWith('out') || f.includes('partspec-tmp'))).toEqual([]);
  });

  test('a config file that is a device (--config /dev/zero) is refused, not read without end', async () => {
    const run = await runCliInProcess(['config', '--config', '/dev/zero'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('partspec config: /dev/zero is a device, not a regular file; PartSpec reads only regular files.');
  });
});
