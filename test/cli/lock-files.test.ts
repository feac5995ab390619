/**
 * A workbook another program holds open (its lock file beside it) is never written in place:
 * `enrich` refuses in one sentence naming the lock, the file byte for byte as it was; `report`
 * still prints its summary, then says why the summary sheet was not written.
 */
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { DEMO_KEY } from '../../emulator';
import { runCliProcess, useEmulatorHome } from './helpers';

const world = useEmulatorHome();
const env = { PARTSPEC_API_KEY: DEMO_KEY };

async function writeBom(file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BOM');
  sheet.addRow(['Ref', 'MPN', 'Qty']);
  for (const [i, p] of world.emulator.catalog.byGroup.SMD.slice(0, 3).entries()) sheet.addRow([`C${i + 1}`, p.values.Partno, 1]);
  await workbook.xlsx.writeFile(file);
}

test.each([
  ['Excel', (name: string) => `~$${name}`],
  ['Excel (a long name)', (name: string) => `~$${name.slice(2)}`],
  ['LibreOffice', (name: string) => `.~lock.${name}#`],
])('open in %s: enrich in place is refused naming the lock; the file is untouched', async (program, lockName) => {
  const name = 'Assembly-BOM.xlsx';
  const bom = join(world.home, name);
  await writeBom(bom);
  const lock = join(world.home, lockName(name));
  writeFileSync(lock, 'owner');
  try {
    const before = readFileSync(bom);
    const run = await runCliProcess(['enrich', bom, '--out', bom, '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${bom} is open in ${program.split(' ')[0]} (its lock file ${lockName(name)} is beside it)`);
    expect(readFileSync(bom).equals(before)).toBe(true);
  } finally {
    rmSync(lock, { force: true });
  }
});

test('report on a workbook open in Excel prints its summary, then says the sheet was not written', async () => {
  const bom = join(world.home, 'Held.xlsx');
  await writeBom(bom);
  const lock = join(world.home, '~$Held.xlsx');
  writeFileSync(lock, 'owner');
  try {
    const before = readFileSync(bom);
    const run = await runCliProcess(['report', bom, '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('3');
    expect(run.stdout.length).toBeGreaterThan(100);
    expect(run.stderr).toContain('is open in Excel (its lock file ~$Held.xlsx is beside it)');
    expect(readFileSync(bom).equals(before)).toBe(true);
  } finally {
    rmSync(lock, { force: true });
  }
});
