import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { makeTempDir, readXlsx, rowTexts, runCli } from './helpers';

/*
 * partspec download streams the category file to its output: every format the service may send
 * gives the same table, written through a temporary file that does not outlive the run.
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
  const run = await runCli(['download', '--category', 'ceramicCapacitorsLead', '--fields', 'Status,ProductName', '--out', out, '--base-url', emulator.url], { home, env });
  expect(run.code).toBe(0);
  const workbook = await readXlsx(out);
  const sheet = workbook.worksheets[0];
  expect(rowTexts(sheet, 1)).toEqual(['Partno', 'Status', 'ProductName']);
  const count = emulator.catalog.byGroup.Lead.length;
  expect(sheet.actualRowCount).toBe(count + 1);
  const about = workbook.getWorksheet('PartSpec query')!;
  const info = Object.fromEntries([1, 2, 3, 4, 5].map((r) => [about.getRow(r).getCell(1).text, about.getRow(r).getCell(2).text]));
  expect(info).toMatchObject({ Products: String(count), Complete: 'yes' });
  expect(readdirSync(home).filter((f) => f.includes('partspec-tmp'))).toEqual([]);
}, 60_000);
