/**
 * The printed summary sheet of `partspec report`: on the locale's paper (A4 for ja_JP and en_GB,
 * Letter for en_US), landscape, at a scale that prints its 11 pt text at 9 pt or more, read from
 * the written sheet's page setup and from the PDF LibreOffice prints of it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { READABLE_SCALE } from '../../core/report/sheet-print';
import { DEMO_KEY } from '../../emulator';
import { convertWithLibreOffice } from '../fixtures/workbooks/libreoffice';
import { MURATA } from '../fixtures/boms/parts';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();

async function writeBom(file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BOM');
  sheet.addRow(['Ref', 'Qty', 'MPN', 'Manufacturer']);
  MURATA.slice(0, 12).forEach((p, i) => sheet.addRow([`C${i + 1}`, 1, p, 'Murata']));
  await workbook.xlsx.writeFile(file);
}

/** The summary sheet's XML in a written workbook, and a copy of the workbook holding that sheet alone (LibreOffice prints every sheet). */
function summaryOf(file: string, copy: string): string {
  const entries = unzipSync(readFileSync(file));
  const name = Object.keys(entries).find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n) && strFromU8(entries[n]).includes('PartSpec'))!;
  entries['xl/workbook.xml'] = strToU8(strFromU8(entries['xl/workbook.xml']).replace(/<sheet [^>]*name="BOM"[^>]*\/>/, ''));
  writeFileSync(copy, zipSync(entries));
  return strFromU8(entries[name]);
}

/** Width and height of each page of a PDF, in points, rounded. */
function pageSizes(pdf: Buffer): [number, number][] {
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)];
  return boxes.map((m) => [Math.round(Number(m[3]) - Number(m[1])), Math.round(Number(m[4]) - Number(m[2]))]);
}

const CASES = [
  ['ja_JP.UTF-8', '9', [842, 595]],
  ['en_US.UTF-8', '1', [792, 612]],
] as const;

interface Printed {
  code: number | null;
  summary: string;
  pdf: Buffer;
}

/**
 * Each locale's report run, its summary sheet's XML, and the PDF LibreOffice prints of that sheet:
 * both copies go through one LibreOffice run (each run costs seconds of processor time to start).
 */
let printed: Promise<Record<string, Printed>> | undefined;
async function printAll(): Promise<Record<string, Printed>> {
  const runs: Record<string, { code: number | null; summary: string; copy: string }> = {};
  for (const [lang, paperSize] of CASES) {
    const input = join(world.home, `paper-${paperSize}.xlsx`);
    const output = join(world.home, `paper-${paperSize}-report.xlsx`);
    await writeBom(input);
    const run = await runCliInProcess(['report', input, '--out', output, '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, LANG: lang } });
    const copy = join(world.home, `paper-${paperSize}-summary-only.xlsx`);
    runs[paperSize] = { code: run.code, summary: run.code === 0 ? summaryOf(output, copy) : '', copy };
  }
  const copies = Object.values(runs).filter((r) => r.code === 0).map((r) => r.copy);
  const pdfs = copies.length > 0 ? await convertWithLibreOffice(copies, world.home, 'pdf') : {};
  return Object.fromEntries(Object.entries(runs).map(([paperSize, r]) => [paperSize, { code: r.code, summary: r.summary, pdf: pdfs[`paper-${paperSize}-summary-only.pdf`] }]));
}

test.each(CASES)('LANG=%s: the summary sheet prints on paper size %s, landscape, at a readable scale; LibreOffice prints it on that paper', async (_lang, paperSize, page) => {
  const { code, summary, pdf } = (await (printed ??= printAll()))[paperSize];
  expect(code).toBe(0);
  const setup = /<pageSetup paperSize="(\d+)" orientation="(\w+)" scale="(\d+)"\/>/.exec(summary);
  expect(setup?.slice(1, 3)).toEqual([paperSize, 'landscape']);
  expect(Number(setup![3])).toBeGreaterThanOrEqual(READABLE_SCALE);
  const sizes = pageSizes(pdf);
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) expect(size).toEqual(page);
}, 180_000);
