import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { makeTempDir, readXlsx, rowTexts, runCliProcess } from './helpers';
import { runCliInProcess } from './in-process';

/*
 * partspec download streams the category file to its output: every format the service may send
 * gives the same table, written through a temporary file that does not outlive the run. The
 * downloads run in this process (test/cli/in-process.ts); a full disk is a fault planted in a child
 * process's file system calls, so those runs keep a real process.
 */

let home: string;
let cleanup: () => void;
const env = { PARTSPEC_API_KEY: DEMO_KEY };
const started: RunningEmulator[] = [];

beforeAll(() => {
  ({ dir: home, cleanup } = makeTempDir());
});

afterAll(async () => {
  for (const e of started) await e.close();
  cleanup();
});

async function emulatorWith(options: Parameters<typeof startEmulator>[0]): Promise<RunningEmulator> {
  const e = await startEmulator({ port: 0, ...options });
  started.push(e);
  return e;
}

test.each(['xlsx', 'tsv', 'zip'] as const)('a category served as %s downloads to xlsx with its query sheet', async (format) => {
  const emulator = await emulatorWith({ downloadFormat: format });
  const out = join(home, `lead-${format}.xlsx`);
  const run = await runCliInProcess(['download', '--category', 'ceramicCapacitorsLead', '--fields', 'Status,ProductName', '--out', out, '--base-url', emulator.url], { home, env });
  expect(run.code).toBe(0);
  const workbook = await readXlsx(out);
  const sheet = workbook.worksheets[0];
  expect(rowTexts(sheet, 1)).toEqual(['Part number', 'Status', 'Product name']);
  const count = emulator.catalog.byGroup.Lead.length;
  expect(sheet.actualRowCount).toBe(count + 1);
  const about = workbook.getWorksheet('PartSpec query')!;
  const info = Object.fromEntries([1, 2, 3, 4, 5].map((r) => [about.getRow(r).getCell(1).text, about.getRow(r).getCell(2).text]));
  expect(info).toMatchObject({ Products: String(count), Complete: 'yes' });
  expect(readdirSync(home).filter((f) => f.includes('partspec-tmp'))).toEqual([]);
}, 60_000);

test.each(['xlsx', 'csv', 'json'] as const)('a disk that fills during a download to %s leaves the old file as it was and says so', async (ext) => {
  const emulator = await emulatorWith({});
  const out = join(home, `full-disk.${ext}`);
  writeFileSync(out, 'the file from last week');
  const faults = join(__dirname, 'support', 'fs-faults.cjs');
  const run = await runCliProcess(['download', '--category', 'inductors', '--out', out, '--base-url', emulator.url], {
    home,
    env: { ...env, NODE_OPTIONS: `--require ${faults}`, PARTSPEC_TEST_FS_FAULT: 'enospc' },
  });
  expect(run.code).not.toBe(0);
  expect(run.stderr.trim().split('\n').pop()).toBe(`partspec download: ${out} cannot be written: the disk is full (ENOSPC); the file is unchanged.`);
  expect(readFileSync(out, 'utf8')).toBe('the file from last week');
  expect(readdirSync(home).filter((f) => f.includes('partspec-tmp'))).toEqual([]);
}, 60_000);
