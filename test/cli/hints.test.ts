/**
 * Help where the typo is: `partspec fields [CATEGORY]` lists every field with its display name
 * and unit, from the one vocabulary; `--fields` with a word several fields contain names them and
 * that command; `enrich` names the part a misread part number likely is.
 */
import { VALUE_FIELDS, fieldLabel } from '../../api/vocabulary';
import { DEMO_KEY } from '../../emulator';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();

test('fields lists every value field with its display name and column unit; --json the same', async () => {
  const run = await runCliInProcess(['fields', '--json'], { home: world.home });
  expect(run.code).toBe(0);
  const listed = JSON.parse(run.stdout) as { name: string; display: string; unit: string; units: string[] }[];
  expect(listed.map((f) => f.name)).toEqual(VALUE_FIELDS.map((f) => f.name));
  expect(listed.find((f) => f.name === 'Capacitance')).toMatchObject({ display: fieldLabel(VALUE_FIELDS.find((f) => f.name === 'Capacitance')!), unit: 'nF', units: ['pF', 'nF', 'µF', 'F'] });
  expect(listed.find((f) => f.name === 'Status')).toMatchObject({ unit: '' });
});

test('fields inductors: only the fields inductors have, as a table', async () => {
  const run = await runCliInProcess(['fields', 'inductors'], { home: world.home });
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^Inductance\s+Inductance\s+µH\s+nH mH H\s+Double/m);
  expect(run.stdout).not.toMatch(/^Capacitance\s/m);
  expect(run.stderr).toContain('fields of inductors');
  const bad = await runCliInProcess(['fields', 'resistors'], { home: world.home });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain("'resistors' is not a category here");
});

test('--fields Tolerance names the tolerance fields and partspec fields', async () => {
  const run = await runCliInProcess(['lookup', 'MCS18R71H104KZ9D', '--fields', 'Tolerance', '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: 'x' } });
  expect(run.code).toBe(2);
  expect(run.stderr).toContain("Unknown field 'Tolerance'. Did you mean 'ToleranceCapacitance' or 'InductanceTolerance'? 'partspec fields' lists every field.");
});

test("enrich: a row holding GRM155R71C1O4KA88D (O for 0) is named on stderr with 'Did you mean GRM155R71C104KA88D?'", async () => {
  const { writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const bom = join(world.home, 'typo.csv');
  writeFileSync(bom, 'Ref,Part Number,Qty\nC1,GRM155R71C1O4KA88D,1\nC2,GRM155R71C104KA88D,1\nC3,GRM188R61A106KE69D,1\n');
  const run = await runCliInProcess(['enrich', bom, '--out', join(world.home, 'typo-out.csv'), '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain("Row 2: 'GRM155R71C1O4KA88D' not found. Did you mean 'GRM155R71C104KA88D'?");
});
