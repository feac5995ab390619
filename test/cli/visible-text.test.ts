/**
 * Text that cannot lie about itself: bidirectional controls and zero-width characters from the
 * service (a product name, a maker's alternative) or from the BOM (a part number) are written out
 * (`\u{202e}`) in `partspec lookup`'s table, in the report printed on stdout, in the HTML report
 * and in the PartSpec Summary sheet. A stand-in service sends them over real HTTP.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { WorkbookPatch } from '../../ooxml/workbook-patch';
import { startRecordingUpstream, type RecordingUpstream } from '../server/support';
import { makeTempDir } from './helpers';
import { runCliInProcess } from './in-process';

jest.setTimeout(180_000);

const KEY = 'stand-in-key-4d1e';
const PARTNO = 'GRM188R71H104KA93D';
/** Every character that hides itself or reorders what follows it, as a view must show it. */
const HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
const NAME = 'Cap \u202eDCBA\u202c\u200b';
const ALTERNATIVE = 'GRM188R71H104\u202eKA93J\u2066';
const BOM_PARTNO = 'GRM155\u202eR71C104KA88D\u200d';

let upstream: RecordingUpstream;
let home: { dir: string; cleanup: () => void };
beforeAll(async () => {
  upstream = await startRecordingUpstream();
  const product = { Partno: PARTNO, PartnoWithoutPackageCode: PARTNO.slice(0, -1), Status: 'Discontinued', LastBuyDate: '2026-12-31', ProductName: NAME, AlternativePartno: [ALTERNATIVE] };
  upstream.respond = () => ({ status: 200, body: JSON.stringify({ HasMoreHits: false, Data: { CeramicCapacitorsSMD: { Products: [product] } } }) });
  home = makeTempDir();
});
afterAll(async () => {
  await upstream.close();
  home.cleanup();
});
const env = () => ({ PARTSPEC_API_KEY: KEY, PARTSPEC_BASE_URL: upstream.url });

test("partspec lookup's table writes out the service's bidirectional and zero-width characters", async () => {
  const run = await runCliInProcess(['lookup', PARTNO, '--fields', 'Status,ProductName', '--no-cache'], { home: home.dir, env: env() });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toContain('Cap \\u{202e}DCBA\\u{202c}\\u{200b}');
  expect(run.stdout).not.toMatch(HIDDEN);
});

test('the HTML report, the summary sheet and the printed report write out what the service and the BOM hide', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BOM');
  sheet.addRows([
    ['Part Number', 'Qty', 'Reference'],
    [PARTNO, 2, 'C1 C2'],
    [BOM_PARTNO, 1, 'C3'],
  ]);
  const file = join(home.dir, 'bom.xlsx');
  await workbook.xlsx.writeFile(file);
  const run = await runCliInProcess(['report', 'bom.xlsx', '--html', 'report.html', '--no-cache'], { home: home.dir, env: env() });
  expect(run.code).toBe(0);

  const html = readFileSync(join(home.dir, 'report.html'), 'utf8');
  expect(html).not.toMatch(HIDDEN);
  expect(html).toContain('GRM188R71H104\\u{202e}KA93J\\u{2066}');
  expect(html).toContain('GRM155\\u{202e}R71C104KA88D\\u{200d}');

  expect(run.stdout).not.toMatch(HIDDEN);
  expect(run.stdout).toContain('GRM155\\u{202e}R71C104KA88D\\u{200d}');

  const patch = new WorkbookPatch(readFileSync(file));
  const summary = patch.sheetNames.find((name) => name.startsWith('PartSpec Summary'))!;
  const cells = patch.values(summary).flat().filter((v): v is string => typeof v === 'string');
  expect(cells.some((c) => HIDDEN.test(c))).toBe(false);
  expect(cells.some((c) => c.includes('GRM188R71H104\\u{202e}KA93J\\u{2066}'))).toBe(true);
  expect(cells.some((c) => c.includes('GRM155\\u{202e}R71C104KA88D\\u{200d}'))).toBe(true);
  // The BOM's own cell keeps what it holds: only the views write it out.
  expect(patch.values('BOM')[2][0]).toBe(BOM_PARTNO);
});
