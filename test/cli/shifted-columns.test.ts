/**
 * A published BOM in a workbook: a title block above, its data rows one column right of their
 * header. Every column is read with the part numbers' shift: the manufacturer (our parts looked
 * up, the Samsung row another maker's), the quantity and designators (placed per board), and the
 * DNP column (the not-fitted row neither looked up nor placed), in enrich and in report alike.
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { DEMO_KEY } from '../../emulator';
import { MURATA } from '../fixtures/boms/parts';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const env = { PARTSPEC_API_KEY: DEMO_KEY };

const KNOWN = MURATA.filter((p) => !p.startsWith('BLM'));
const OURS = Array.from({ length: 12 }, (_, i) => KNOWN[i % KNOWN.length]);

async function writeBom(file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BOM');
  sheet.addRow(['', '', '', 'Part No.', 'PCB-0077']);
  sheet.addRow(['Assembly BOM']);
  sheet.addRow([]);
  sheet.addRow(['Item', 'Qty', 'Reference', 'Manufacturer', 'Manufacturer Part Number', 'DNP', 'Description']);
  // Pasted one column right of the header.
  OURS.forEach((p, i) => sheet.addRow(['', i + 1, 2, `C${2 * i + 1}, C${2 * i + 2}`, 'Murata', p, '', 'Capacitor']));
  sheet.addRow(['', 13, 3, 'C90, C91, C92', 'Samsung', 'CL10B104KB8NNNC', '', 'Capacitor']);
  sheet.addRow(['', 14, 1, 'C93', 'Murata', OURS[0], 'x', 'Capacitor']);
  await workbook.xlsx.writeFile(file);
}

test('enrich: the manufacturer and DNP columns are read one column right, as the part numbers are', async () => {
  const input = join(world.home, 'published.xlsx');
  await writeBom(input);
  const run = await runCliInProcess(['enrich', input, '--fields', 'Status', '--out', join(world.home, 'published-out.xlsx'), '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/part numbers in F5:F18/);
  expect(run.stderr).toMatch(/14 rows: 12 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 0 blank; not looked up: 1 not fitted \(DNP\), 1 other makers' part \(by 'Manufacturer'\)/);
});

test('report: quantities and designators read one column right, placed per board is the fitted Qty', async () => {
  const input = join(world.home, 'published-report.xlsx');
  await writeBom(input);
  const run = await runCliInProcess(['report', input, '--json', '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  const summary = JSON.parse(run.stdout) as { rows: number; placed: number; byStatus: Record<string, { rows: number; quantity: number }>; notLookedUp: { sheetRow: number; kind: string; quantity?: unknown }[]; compliance: { flag: string; failing: { sheetRows: number[]; designators: string[]; quantityPerBoard: number }[] }[] };
  expect(summary.rows).toBe(14);
  // 12 lines of 2 and the Samsung line of 3; the DNP line places nothing.
  expect(summary.placed).toBe(27);
  expect(summary.byStatus['Other maker']).toEqual({ rows: 1, quantity: 3 });
  expect(summary.byStatus['Not fitted']).toEqual({ rows: 1, quantity: 0 });
  expect(summary.byStatus['No part number'].rows).toBe(0);
  const failing = summary.compliance.flatMap((c) => c.failing);
  expect(failing.find((f) => f.sheetRows.includes(8))).toMatchObject({ designators: ['C7', 'C8'], quantityPerBoard: 2 });
  expect(summary.notLookedUp.map((l) => [l.sheetRow, l.kind])).toContainEqual([17, 'otherMaker']);
});
