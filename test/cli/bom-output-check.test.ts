/**
 * The file a BOM's enriched copy goes to is checked once, before the key is asked for or anything
 * is read: a workbook kind the BOM cannot become is refused in one sentence, said once, and the
 * BOM is left as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { runCliInProcess } from './in-process';

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'partspec-out-check-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

test.each([
  ['a workbook', 'bom.xlsx', 'out.xlsm', 'a macro-enabled workbook (.xlsm)'],
  ['a text table', 'bom.csv', 'out.xltx', 'a template (.xltx)'],
])('%s BOM to a kind it cannot become: one sentence, before any key is asked for', async (_kind, name, outName, what) => {
  const bom = join(home, name);
  if (name.endsWith('.xlsx')) {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('BOM').addRow(['Ref', 'MPN']).commit();
    await workbook.xlsx.writeFile(bom);
  } else {
    writeFileSync(bom, 'Ref,MPN\nC1,GRM155R71C104KA88D\n');
  }
  const before = readFileSync(bom);
  const out = join(home, outName);
  const run = await runCliInProcess(['enrich', bom, '--out', out], { home });
  const sentence = `--out ${out}: partspec writes ${what} only back from a BOM of that kind; write to a .xlsx or .csv file.`;
  expect(run.code).toBe(2);
  expect(run.stderr.split(sentence)).toHaveLength(2);
  expect(run.stderr).not.toMatch(/key/i);
  expect(readFileSync(bom).equals(before)).toBe(true);
});
