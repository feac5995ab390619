/**
 * A text BOM enriched into a workbook (`partspec enrich bom.csv --out bom.xlsx`) is written by the
 * one streamed writer of new workbooks: the BOM's cells stay text, the Match column carries its
 * highlight rules, and LibreOffice reads the same rows back.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_KEY } from '../../emulator';
import { convertWithLibreOffice } from '../fixtures/workbooks/libreoffice';
import { ROOT, readXlsx, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();

test('a CSV BOM enriched into .xlsx keeps its cells as text and highlights the Match column', async () => {
  copyFileSync(join(ROOT, 'assets', 'demo-bom.csv'), join(world.home, 'demo-bom.csv'));
  const run = await runCliInProcess(['enrich', 'demo-bom.csv', '--out', 'demo-enriched.xlsx', '--base-url', world.emulator.url, '--fields', 'Status'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  expect(run.stderr).not.toMatch(/Error|at /);
  const out = join(world.home, 'demo-enriched.xlsx');
  const sheet = (await readXlsx(out)).worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const source = readFileSync(join(world.home, 'demo-bom.csv'), 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/)[0].split(',');
  expect(header.slice(0, source.length)).toEqual(source);
  expect(header).toContain('PartSpec: Match');
  // Every cell of the BOM's own columns is text, whatever it looks like.
  sheet.eachRow((row) => row.eachCell((cell) => Number(cell.col) <= source.length && expect([cell.address, typeof cell.value]).toEqual([cell.address, 'string'])));
  const xml = strFromU8(unzipSync(readFileSync(out))['xl/worksheets/sheet1.xml']);
  expect(xml).toMatch(/<conditionalFormatting sqref="[A-Z]+2:[A-Z]+\d+"><cfRule type="cellIs"/);
  const files = await convertWithLibreOffice(out, world.home, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1');
  const lines = Object.values(files)[0].toString('utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(sheet.actualRowCount);
  expect(lines[0].split(',').slice(0, source.length)).toEqual(source);
}, 120_000);

test('the workbook made from a CSV BOM has columns as wide as their text, so part numbers and statuses are not clipped', async () => {
  copyFileSync(join(ROOT, 'assets', 'demo-bom.csv'), join(world.home, 'demo-widths.csv'));
  const run = await runCliInProcess(['enrich', 'demo-widths.csv', '--out', 'demo-widths.xlsx', '--base-url', world.emulator.url, '--fields', 'Status'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  expect(run.stderr).not.toMatch(/Error|at /);
  const sheet = (await readXlsx(join(world.home, 'demo-widths.xlsx'))).worksheets[0];
  const texts = (c: number): string[] => Array.from({ length: sheet.actualRowCount }, (_, r) => sheet.getRow(r + 1).getCell(c).text);
  for (let c = 1; c <= sheet.actualColumnCount; c++) {
    const longest = Math.min(48, Math.max(...texts(c).map((t) => t.length)));
    expect([c, sheet.getColumn(c).width! >= longest]).toEqual([c, true]);
  }
}, 120_000);
