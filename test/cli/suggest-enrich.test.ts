/**
 * `partspec enrich --suggest` and `partspec report --suggest` on BOMs built from the lines of real
 * published BOMs: an RP2040 board's (other makers' numbers with distributor descriptions, as CSV)
 * and a fan controller's KiCad export (references, values, footprints, blank numbers and a Bourns
 * inductor, as xlsx). Every ceramic-capacitor and inductor row that states enough for the
 * catalog to hold a fitting part gets one, and the part meets every constraint the row states
 * (read from the catalog); the others say why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { brokenConstraints } from '../core/find-check';
import type { Expected } from '../core/find-lines';
import { columnOf, readXlsx, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const KEY_ENV = { PARTSPEC_API_KEY: DEMO_KEY };
const world = useEmulatorHome({ realNumbers: false });

/** The RP2040 board's BOM: Qty, Manufacturer Part Number, Description, Supplier, Unit Price, Total; and what each row asks. */
const RP2040: readonly (readonly [string[], Expected])[] = [
  [['2', 'C0402C105K9PACTU', 'CAP CER 1UF 6.3V X5R 0402', 'DigiKey.in', '0.08000', '0.16'], { k: 'C', c: '1u', v: 6.3, tc: 'X5R', s: '0402', t: '10%' }],
  [['11', '0402B104K160CT', 'CAP CER 0.1UF 16V X7R 0402', 'DigiKey.in', '0.00300', '0.03'], { k: 'C', c: '100n', v: 16, tc: 'X7R', s: '0402', t: '10%' }],
  [['2', 'LMK107BBJ106MALT', 'CAP CER 10UF 10V X5R 0603', 'DigiKey.in', '0.08000', '0.16'], { k: 'C', c: '10u', v: 10, tc: 'X5R', s: '0603', t: '20%' }],
  [['2', 'CL05C330JB5NNNC', 'CAP CER 33PF 50V C0G/NP0 0402', 'DigiKey.in', '0.10000', '0.20'], { k: 'C', c: '33p', v: 50, tc: 'C0G', s: '0402', t: '5%' }],
  [['1', 'USB4215-03-A', 'USB C RECEPTAC, SHT BODY, USB2.0', 'DigiKey.in', '0.49000', '0.49'], { k: 'J' }],
  [['2', 'RC0402FR-075K1L', 'RES 5.1K OHM 1% 1/16W 0402', 'DigiKey.in', '0.10000', '0.20'], { k: 'R' }],
  [['2', 'ERA-2AEB273X', 'RES SMD 27K OHM 0.1% 1/16W 0402', 'DigiKey.in', '0.10000', '0.20'], { k: 'R' }],
  [['2', 'RMCF0603FT1K00', 'RES 1K OHM 1% 1/10W 0603', 'DigiKey.in', '0.10000', '0.20'], { k: 'R' }],
  [['1', 'SC0914(13)', 'IC MCU 32B EXT MEM 56QFN RP2040', 'DigiKey.in', '0.70000', '0.70'], { k: 'IC' }],
  [['1', 'STDCRA3-8M', 'CRYSTAL 8.0000MHZ 8PF SMD', 'DigiKey.in', '0.84000', '0.84'], { k: 'X' }],
];

/** The fan controller's KiCad export: Reference, Value, Footprint, Qty, Manufacturer, MPN, Description. */
const FAN: readonly (readonly [string[], Expected])[] = [
  [['C3,C4,C5,C6', '100nF', 'Capacitor_SMD:C_0402_1005Metric', '4', '', '', '3.3V decoupling capacitors'], { k: 'C', c: '100n', v: 3.3, s: '0402' }],
  [['C7', '100nF', 'Capacitor_SMD:C_0402_1005Metric', '1', '', '', 'CH340C V3 decoupling'], { k: 'C', c: '100n', s: '0402' }],
  [['C11', '10uF/10V', 'Capacitor_SMD:C_0805_2012Metric', '1', '', '', 'bulk'], { k: 'C', c: '10u', v: 10, s: '0805' }],
  [['L1', '68uH', 'Inductor_THT:L_Axial_L11.0mm_D4.5mm_P15.24mm_Horizontal_Fastron_MECC', '1', 'Bourns', 'SRR5028-680Y', '68uH 3A shielded power inductor'], { k: 'L', h: '68u', a: 3, s: '2020', t: '30%' }],
  [['L2', '10uH', 'Inductor_SMD:L_0603_1608Metric', '1', '', '', 'LDO filter'], { k: 'L', h: '10u', s: '0603' }],
  [['C1', '100uF/25V', 'Capacitor_THT:C_Radial_D8.0mm_H11.5mm_P3.50mm', '1', '', '', 'LM2596 input bulk capacitor'], { k: 'E' }],
  [['R1,R2', '10k', 'Resistor_SMD:R_0402_1005Metric', '2', 'Yageo', 'RC0402FR-0710KL', 'EN and GPIO0 pull-up resistors'], { k: 'R' }],
  [['LED1', 'LED_GREEN', 'LED_THT:LED_D3.0mm', '1', 'Kingbright', 'WP7113SGC', 'Green status LED'], { k: 'D' }],
];

const catalogFits = (e: Expected): boolean => world.emulator.catalog.products.some((p) => brokenConstraints(p, e).length === 0);

/** Checks each Suggested cell against its row's expectations and the catalog; returns how many named a part. */
function checkSuggested(cells: readonly string[], rows: readonly (readonly [string[], Expected])[]): number {
  let named = 0;
  rows.forEach(([row, e], i) => {
    const cell = cells[i];
    if (e.k !== 'C' && e.k !== 'L') {
      expect([row[1], cell]).toEqual([row[1], expect.stringMatching(/^Not a kind of part .* \(ceramic capacitors and inductors only\)\.$/)]);
      return;
    }
    if (!catalogFits(e)) {
      expect([row[1], cell]).toEqual([row[1], expect.stringMatching(/^No part In Production meets all of: /)]);
      return;
    }
    const partno = /^(\S+) — \S/.exec(cell)?.[1];
    expect([row.join(' | '), partno]).toEqual([row.join(' | '), expect.any(String)]);
    const product = world.emulator.catalog.byPartno.get(partno!);
    expect([partno, product ? brokenConstraints(product, e) : ['not in the catalog']]).toEqual([partno, []]);
    named++;
  });
  return named;
}

describe('partspec enrich --suggest on real published BOMs', () => {
  test('a CSV of other makers\' numbers: each ceramic capacitor gets the maker\'s part; other kinds say why', async () => {
    const input = join(world.home, 'rp2040-bom.csv');
    const output = join(world.home, 'rp2040-bom-out.csv');
    const header = ['Qty', 'Manufacturer Part Number', 'Description', 'Supplier', 'Unit Price (USD)', 'Total (USD)'];
    writeFileSync(input, Papa.unparse([header, ...RP2040.map(([row]) => row)]) + '\r\n');
    const run = await runCliInProcess(['enrich', input, '--suggest', '--out', output, '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(1);
    const grid = Papa.parse<string[]>(readFileSync(output, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const at = grid[0].indexOf('PartSpec: Suggested');
    expect(at).toBeGreaterThan(0);
    const cells = grid.slice(1).map((r) => r[at]);
    expect(checkSuggested(cells, RP2040)).toBeGreaterThanOrEqual(2);
    expect(run.stderr).toMatch(/Suggested: \d+ of 10 rows with no maker part number have a candidate; see 'PartSpec: Suggested'\./);
  });

  test('an xlsx KiCad export: generic rows and another maker\'s inductor get the maker\'s parts; a re-run updates the column in place', async () => {
    const input = join(world.home, 'fan-bom.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('BOM');
    sheet.addRow(['Reference', 'Value', 'Footprint', 'Qty', 'Manufacturer', 'MPN', 'Description']);
    for (const [row] of FAN) sheet.addRow(row.map((v, i) => (i === 3 ? Number(v) : v)));
    await workbook.xlsx.writeFile(input);
    const run = await runCliInProcess(['enrich', input, '--column', 'MPN', '--suggest', '--out', input, '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBeLessThanOrEqual(1);
    const read = async (): Promise<string[]> => {
      const out = (await readXlsx(input)).getWorksheet('BOM')!;
      const col = columnOf(out, 1, 'PartSpec: Suggested');
      return FAN.map((_, i) => out.getCell(i + 2, col).text);
    };
    const cells = await read();
    expect(checkSuggested(cells, FAN)).toBeGreaterThanOrEqual(2);
    const again = await runCliInProcess(['enrich', input, '--column', 'MPN', '--suggest', '--out', input, '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(again.code).toBeLessThanOrEqual(1);
    const headers: string[] = [];
    (await readXlsx(input)).getWorksheet('BOM')!.getRow(1).eachCell((c) => headers.push(c.text));
    expect(headers.filter((h) => h === 'PartSpec: Suggested')).toHaveLength(1);
    expect(await read()).toEqual(cells);
  });

  test('partspec report --suggest counts the rows with a suggestion, the same as enrich', async () => {
    const input = join(world.home, 'rp2040-report.csv');
    writeFileSync(input, Papa.unparse([['Qty', 'Manufacturer Part Number', 'Description'], ...RP2040.map(([row]) => row.slice(0, 3))]) + '\r\n');
    const report = await runCliInProcess(['report', input, '--suggest', '--json', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(report.code).toBe(0);
    const summary = JSON.parse(report.stdout) as { suggestions: { asked: number; suggested: number } };
    const fitting = RP2040.filter(([, e]) => (e.k === 'C' || e.k === 'L') && catalogFits(e)).length;
    expect(summary.suggestions).toEqual({ asked: 10, suggested: fitting });
    expect(report.stderr).toContain(`Suggestions: ${fitting} of 10 rows with no maker part number have a candidate`);
  });
});
