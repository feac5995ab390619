import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { DEMO_KEY, type RunningEmulator } from '../../emulator';
import { CHANGE_FILL } from '../../core/enrich/changes';
import { AGING_FIELDS_FLAG, changeLabelOf, expectedChanges, useAgingEmulators } from '../support/aging-bom';
import { makeTempDir, readXlsx, rowTexts } from './helpers';
import { runCliInProcess } from './in-process';

const aging = useAgingEmulators();
const { dir: home, cleanup } = makeTempDir();
afterAll(cleanup);

const envOf = (emulator: RunningEmulator): Record<string, string> => ({ PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: emulator.url });

/** Runs `partspec enrich IN --out OUT` against one emulator, without the answer cache. */
function enrich(emulator: RunningEmulator, input: string, out: string, ...more: string[]) {
  return runCliInProcess(['enrich', input, '--fields', AGING_FIELDS_FLAG, '--out', out, '--no-cache', ...more], { home, env: envOf(emulator) });
}

/** The rows of a CSV file as header → text maps. */
function csvRows(file: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data;
}

/** Field column labels (after Match) as the file's headers name them. */
function labelsOf(headers: readonly string[]): string[] {
  return headers.filter((h) => h.startsWith('PartSpec: ') && !['PartSpec: Match', 'PartSpec: Changes'].includes(h)).map((h) => h.slice('PartSpec: '.length));
}

describe('partspec enrich names what changed between two checks', () => {
  test('CSV: every status and date change is named with its new value, and nothing else', async () => {
    const bom = join(home, 'bom.csv');
    writeFileSync(bom, `Item,Part Number,Qty\n${aging.parts.map((p, i) => `${i + 1},${p},${i + 2}`).join('\n')}\n`);
    expect(aging.parts.length).toBeGreaterThan(15);

    const once = await enrich(aging.first, bom, join(home, 'once.csv'));
    expect(once.stderr).not.toMatch(/changed since the last run/);
    const onceRows = csvRows(join(home, 'once.csv'));
    expect(Object.keys(onceRows[0])).not.toContain('PartSpec: Changes');

    const twice = await enrich(aging.later, join(home, 'once.csv'), join(home, 'twice.csv'));
    const rows = csvRows(join(home, 'twice.csv'));
    const labels = labelsOf(Object.keys(rows[0]));
    expect(labels).toHaveLength(5);
    const actual = rows.map((r) => [r['Part Number'], r['PartSpec: Changes']]);
    const expected = aging.parts.map((p) => [p, expectedChanges(p, aging.first.catalog, aging.later.catalog, labels)]);
    expect(actual).toEqual(expected);
    // Every kind of move is in the BOM, so the comparison above covers them.
    const texts = expected.map(([, t]) => t).join('\n');
    expect(texts).toMatch(/Status In Production → NRND/);
    expect(texts).toMatch(/Status To be discontinued → Discontinued/);
    expect(texts).toMatch(/Last buy date — → \d{4}-\d{2}-\d{2}/);
    expect(texts).toMatch(/Match Not found → Exact/);
    expect(expected.filter(([, t]) => t === '').length).toBeGreaterThanOrEqual(6);
    // The user's own columns are as they were.
    expect(rows.map((r) => [r.Item, r.Qty])).toEqual(aging.parts.map((_, i) => [String(i + 1), String(i + 2)]));
    const changed = expected.filter(([, t]) => t !== '').length;
    expect(twice.stderr).toContain(`${changed} rows changed since the last run`);

    const again = await enrich(aging.later, join(home, 'twice.csv'), join(home, 'thrice.csv'));
    expect(csvRows(join(home, 'thrice.csv')).map((r) => r['PartSpec: Changes'])).toEqual(aging.parts.map(() => ''));
    expect(again.stderr).toContain('0 rows changed since the last run.');
  });

  test('xlsx: the same changes, changed cells filled, and a re-run at the same date clears the fill', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('BOM');
    sheet.addRow(['Ref', 'MPN']);
    aging.parts.forEach((p, i) => sheet.addRow([`C${i + 1}`, p]));
    const bom = join(home, 'bom.xlsx');
    await workbook.xlsx.writeFile(bom);

    await enrich(aging.first, bom, join(home, 'once.xlsx'));
    await enrich(aging.later, join(home, 'once.xlsx'), join(home, 'twice.xlsx'));
    const twice = (await readXlsx(join(home, 'twice.xlsx'))).getWorksheet('BOM')!;
    const headers = rowTexts(twice, 1);
    // A workbook's numeric headers name no unit (each cell shows its own); the Changes text names the unit of the numbers it gives.
    const labels = labelsOf(headers).map(changeLabelOf);
    const changesColumn = headers.indexOf('PartSpec: Changes') + 1;
    const statusColumn = headers.indexOf('PartSpec: Status') + 1;
    const filled = (row: number, column: number): boolean => (twice.getCell(row, column).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb === `FF${CHANGE_FILL.slice(1)}`;
    aging.parts.forEach((p, i) => {
      const want = expectedChanges(p, aging.first.catalog, aging.later.catalog, labels);
      expect([p, twice.getCell(i + 2, changesColumn).text]).toEqual([p, want]);
      expect([p, filled(i + 2, changesColumn)]).toEqual([p, want !== '']);
      expect([p, filled(i + 2, statusColumn)]).toEqual([p, /(^|; )Status /.test(want)]);
    });

    await enrich(aging.later, join(home, 'twice.xlsx'), join(home, 'thrice.xlsx'));
    const thrice = (await readXlsx(join(home, 'thrice.xlsx'))).getWorksheet('BOM')!;
    aging.parts.forEach((_, i) => {
      expect(thrice.getCell(i + 2, changesColumn).text).toBe('');
      expect(thrice.getCell(i + 2, statusColumn).fill?.type === 'pattern' && (thrice.getCell(i + 2, statusColumn).fill as ExcelJS.FillPattern).pattern === 'solid').toBe(false);
    });
  });

  test('--fail-on changes exits 4 after writing, naming each changed row; the same date again exits 0', async () => {
    const bom = join(home, 'ci.csv');
    writeFileSync(bom, `Part Number\n${aging.parts.join('\n')}\n`);
    // The part released between the two days is not found yet: exit 1 names it.
    expect((await enrich(aging.first, bom, bom)).code).toBe(1);
    const run = await enrich(aging.later, bom, bom, '--fail-on', 'changes');
    expect(run.code).toBe(4);
    const rows = csvRows(bom);
    const changed = rows.map((r, i) => ({ row: i + 2, partno: r['Part Number'], text: r['PartSpec: Changes'] })).filter((r) => r.text !== '');
    expect(changed.length).toBeGreaterThan(5);
    for (const r of changed) expect(run.stderr).toContain(`Row ${r.row}: '${r.partno}' changed: ${r.text}`);
    expect(run.stderr.match(/^Row \d+: .* changed: /gm)).toHaveLength(changed.length);

    const calm = await enrich(aging.later, bom, bom, '--fail-on', 'changes');
    expect(calm.code).toBe(0);
    expect(calm.stderr).not.toMatch(/^Row /m);
  });

  test('--fail-on eol and risk name the EOL and Risk rows; a wrong word is a usage error', async () => {
    const bom = join(home, 'eol.csv');
    writeFileSync(bom, `Part Number\n${aging.parts.join('\n')}\n`);
    const eol = await enrich(aging.later, bom, join(home, 'eol-out.csv'), '--fail-on', 'eol');
    expect(eol.code).toBe(4);
    const discontinued = aging.parts.filter((p) => aging.later.catalog.byPartno.get(p)?.values.Status === 'Discontinued');
    expect(discontinued.length).toBeGreaterThan(0);
    for (const p of discontinued) expect(eol.stderr).toContain(`'${p}' is EOL`);
    expect(eol.stderr).not.toMatch(/ is Risk/);
    const risk = await enrich(aging.later, bom, join(home, 'risk-out.csv'), '--fail-on', 'risk');
    expect(risk.code).toBe(4);
    expect(risk.stderr).toMatch(/ is Risk: Status is NRND/);

    const bad = await enrich(aging.later, bom, join(home, 'bad.csv'), '--fail-on', 'changes,obsolete');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--fail-on takes changes, risk, eol (comma-separated), not 'obsolete'.");
  });
});
