/**
 * The demo BOM a newcomer tries first: real-format part numbers of the maker, enriched against
 * the local emulator, come back matched with the capacitances, voltages, inductances and sizes
 * their numbers encode; the Samsung and TDK rows and the DNP row are never looked up.
 */
import { fieldLabel, resolveField } from '../../api/vocabulary';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { ROOT, columnOf, makeTempDir, readXlsx, runCli, type CliRun } from './helpers';

let emulator: RunningEmulator;
let home: string;
let cleanup: () => void;
let run: CliRun;
let rows: Record<string, string>[];

const FIELDS = 'Status,Capacitance:nF,RatedVoltage,TemperatureCharacteristics,Inductance:uH,SizecodeInch,PackageType,Notices';

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ({ dir: home, cleanup } = makeTempDir());
  copyFileSync(join(ROOT, 'assets', 'demo-bom.csv'), join(home, 'demo-bom.csv'));
  run = await runCli(['enrich', 'demo-bom.csv', '--out', 'demo-enriched.csv', '--base-url', emulator.url, '--fields', FIELDS], {
    home,
    env: { PARTSPEC_API_KEY: DEMO_KEY },
  });
  const parsed = Papa.parse<Record<string, string>>(readFileSync(join(home, 'demo-enriched.csv'), 'utf8'), { header: true, skipEmptyLines: true });
  rows = parsed.data;
});

afterAll(async () => {
  await emulator.close();
  cleanup();
});

/** The enriched row of a part number, by the BOM's own column. */
function rowOf(partno: string, fitted = ''): Record<string, string> {
  const row = rows.find((r) => r['Manufacturer Part Number'] === partno && r.Fitted === fitted);
  if (!row) throw new Error(`no row for ${partno} in ${JSON.stringify(rows.map((r) => r['Manufacturer Part Number']))}`);
  return row;
}

test('the enrichment succeeds and reports every Murata part as found', () => {
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/12 exact, 1 variant/);
  expect(run.stderr).not.toMatch(/not found:|' not found/);
  expect(rows).toHaveLength(16);
});

test.each([
  ['GRM155R71C104KA88D', { Capacitance: '100', RatedVoltage: '16', TemperatureCharacteristics: 'X7R', SizecodeInch: '0402' }],
  ['GRM188R61A106KE69D', { Capacitance: '10000', RatedVoltage: '10', TemperatureCharacteristics: 'X5R', SizecodeInch: '0603' }],
  ['GRM21BR61E226ME44L', { Capacitance: '22000', RatedVoltage: '25', SizecodeInch: '0805', PackageType: 'Plastic tape 180mm reel' }],
  ['GCM188R71H104KA57D', { Capacitance: '100', RatedVoltage: '50', SizecodeInch: '0603' }],
  ['GJM1555C1H100JB01D', { Capacitance: '0.01', RatedVoltage: '50', TemperatureCharacteristics: 'C0G' }],
  ['GRM1555C1H4R7CA01J', { Capacitance: '0.0047', PackageType: 'Paper tape 330mm reel' }],
  ['RDER71H104K2M1H03A', { Capacitance: '100', RatedVoltage: '50', PackageType: 'Ammo pack' }],
  ['LQM18PN2R2MFRL', { Inductance: '2.2', SizecodeInch: '0603' }],
  ['DFE322512F-2R2M=P2', { Inductance: '2.2', SizecodeInch: '1210' }],
  ['LQW18AN10NG00D', { Inductance: '0.01', SizecodeInch: '0603' }],
  ['LQG15HS10NJ02D', { Inductance: '0.01', SizecodeInch: '0402' }],
  ['LQH3NPN100MM0L', { Inductance: '10', SizecodeInch: '1212' }],
])('%s is an exact match with the specs its number encodes', (partno, specs) => {
  const row = rowOf(partno);
  // Decoded from the number alone, so the Match cell says it is synthetic.
  expect(row['PartSpec: Match']).toBe('Exact (synthetic)');
  expect(row['PartSpec: Status']).toBe('In Production (synthetic)');
  expect(row['PartSpec: Notices']).toMatch(/^Synthetic: /);
  const written = Object.fromEntries(
    Object.keys(specs).map((field) => {
      const name = fieldLabel(resolveField(field).field!);
      const header = Object.keys(row).find((h) => h === `PartSpec: ${name}` || h.startsWith(`PartSpec: ${name} (`));
      return [field, header === undefined ? undefined : row[header]];
    }),
  );
  expect(written).toEqual(specs);
});

test('a number without its package code matches its package forms (Variant)', () => {
  const row = rowOf('GRM155R71C104KA88');
  expect(row['PartSpec: Match']).toBe('Variant (synthetic)');
  expect(row['PartSpec: Rated voltage (V)']).toBe('16');
});

test("other makers' rows and the DNP row are left alone and never asked for", () => {
  // The Match cell says why a row was not looked up, as the add-in writes it; the spec columns stay empty.
  for (const partno of ['CL10A105KA8NNNC', 'C1005X7R1C104K050BC']) expect(rowOf(partno)['PartSpec: Match']).toBe('Other maker');
  expect(rowOf('GRM188R61A106KE69D', 'DNP')['PartSpec: Match']).toBe('Not fitted');
  for (const row of [rowOf('CL10A105KA8NNNC'), rowOf('C1005X7R1C104K050BC'), rowOf('GRM188R61A106KE69D', 'DNP')]) {
    const specs = Object.entries(row).filter(([header]) => header.startsWith('PartSpec: ') && header !== 'PartSpec: Match');
    expect(specs.length).toBeGreaterThanOrEqual(FIELDS.split(',').length);
    expect(specs.filter(([, value]) => value !== '')).toEqual([]);
  }
  const asked = emulator.requests.map((r) => decodeURIComponent(r.url)).join('\n');
  expect(asked).toContain('GRM155R71C104KA88D');
  expect(asked).not.toContain('CL10A105KA8NNNC');
  expect(asked).not.toContain('C1005X7R1C104K050BC');
});

test('the same BOM as a workbook (assets/demo-bom.xlsx, for Enrich BOM in Excel) enriches the same way', async () => {
  copyFileSync(join(ROOT, 'assets', 'demo-bom.xlsx'), join(home, 'demo-bom.xlsx'));
  const xlsxRun = await runCli(['enrich', 'demo-bom.xlsx', '--out', 'demo-enriched.xlsx', '--base-url', emulator.url, '--fields', FIELDS], {
    home,
    env: { PARTSPEC_API_KEY: DEMO_KEY },
  });
  expect(xlsxRun.code).toBe(0);
  expect(xlsxRun.stderr).toMatch(/12 exact, 1 variant/);
  const sheet = (await readXlsx(join(home, 'demo-enriched.xlsx'))).worksheets[0];
  const [part, match, voltage] = ['Manufacturer Part Number', 'PartSpec: Match', 'PartSpec: Rated voltage (V)'].map((h) => columnOf(sheet, 1, h));
  const grm = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((r) => r.getCell(part).text === 'GRM155R71C104KA88D');
  expect(grm?.getCell(match).text).toBe('Exact (synthetic)');
  expect(grm?.getCell(voltage).value).toBe(16);
  // Every row, not just one: the same Match and rated voltage as the CSV's enrichment.
  const fitted = columnOf(sheet, 1, 'Fitted');
  const fromXlsx = [...Array(sheet.rowCount - 1).keys()].map((i) => sheet.getRow(i + 2)).map((r) => [r.getCell(part).text, r.getCell(fitted).text, r.getCell(match).text, r.getCell(voltage).text]);
  const fromCsv = rows.map((r) => [r['Manufacturer Part Number'], r.Fitted, r['PartSpec: Match'], r['PartSpec: Rated voltage (V)']]);
  expect(fromXlsx).toEqual(fromCsv);
});
