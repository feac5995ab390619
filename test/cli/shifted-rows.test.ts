/**
 * `partspec enrich` on a BOM whose data rows sit one column right of their header: the part
 * numbers are used beside their header and the manufacturer is read beside its header too, so
 * our parts are looked up (25 of 25) and the other maker's row is still told apart.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { MURATA } from '../fixtures/boms/parts';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();

test('rows one column right of their header: 25 of our parts looked up, the Samsung row another maker’s', async () => {
  // The maker's real numbering (decoded by the emulator): what tells the part numbers apart from the quantities under 'MPN'.
  const known = MURATA.filter((p) => !p.startsWith('BLM'));
  const ours = Array.from({ length: 25 }, (_, i) => known[i % known.length]);
  const header = ['Ref', 'Qty', 'MPN', 'Manufacturer', 'Description'];
  const data = [...ours.map((p, i) => ['', `C${i + 1}`, 1, p, 'Murata', 'Capacitor']), ['', 'C99', 1, 'CL10B104KB8NNNC', 'Samsung', 'Capacitor']];
  const input = join(world.home, 'shifted.csv');
  const output = join(world.home, 'shifted-enriched.csv');
  writeFileSync(input, Papa.unparse([header, ...data]));

  const run = await runCliInProcess(['enrich', input, '--fields', 'Status', '--out', output, '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  expect(run.stderr).toMatch(/26 rows: 25 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 0 blank; not looked up: 1 other makers' part \(by 'Manufacturer'\)/);
  expect(run.code).toBe(0);
  const out = Papa.parse<string[]>(readFileSync(output, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const match = out[0].indexOf('PartSpec: Match');
  expect(match).toBeGreaterThan(4);
  expect(out.slice(1).map((r) => r[match].replace(/ \(synthetic\)$/, ''))).toEqual([...ours.map(() => 'Exact'), 'Other maker']);
});

test('a title block whose “Part No.” stands over the part numbers, rows shifted under the real header: header row 4, 25 of ours looked up', async () => {
  const known = MURATA.filter((p) => !p.startsWith('BLM'));
  const ours = Array.from({ length: 25 }, (_, i) => known[i % known.length]);
  const title = [
    ['', '', '', 'Part No.', 'PCB-0077'],
    ['Assembly BOM', '', '', '', ''],
    ['', '', '', '', ''],
  ];
  const header = ['Ref', 'Qty', 'MPN', 'Manufacturer', 'Description'];
  const data = [...ours.map((p, i) => ['', `C${i + 1}`, 1, p, 'Murata', 'Capacitor']), ['', 'C99', 1, 'CL10B104KB8NNNC', 'Samsung', 'Capacitor']];
  const input = join(world.home, 'titled-shifted.csv');
  const output = join(world.home, 'titled-shifted-enriched.csv');
  writeFileSync(input, Papa.unparse([...title, header, ...data]));

  const run = await runCliInProcess(['enrich', input, '--fields', 'Status', '--out', output, '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  expect(run.stderr).toMatch(/part numbers in D5:D30/);
  expect(run.stderr).toMatch(/26 rows: 25 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 0 blank; not looked up: 1 other makers' part \(by 'Manufacturer'\)/);
  const out = Papa.parse<string[]>(readFileSync(output, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
  const match = out[3].indexOf('PartSpec: Match');
  expect(match).toBeGreaterThan(4);
  expect(out[0].some((cell) => cell.startsWith('PartSpec'))).toBe(false);
  expect(out.slice(4, 30).map((r) => r[match].replace(/ \(synthetic\)$/, ''))).toEqual([...ours.map(() => 'Exact'), 'Other maker']);
});
