import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toleranceWidth } from '../../api';
import { DEMO_KEY, type CatalogProduct } from '../../emulator';
import { readXlsx, rowTexts, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const KEY_ENV = { PARTSPEC_API_KEY: DEMO_KEY };
const ENDING = new Set(['NRND', 'To be discontinued', 'Discontinued']);

const world = useEmulatorHome();

const partnoOf = (p: CatalogProduct): string => p.values.Partno as string;

/**
 * In Production SMD parts of the same value, size, dielectric and class, rated at least as high,
 * as tight in tolerance, as hot in max temperature, and AEC-Q200 where the original is (a looser
 * part was counted a drop-in before issue 44).
 */
function asTight(candidate: unknown, original: unknown, nominal: unknown): boolean {
  const widthO = toleranceWidth(original as string, nominal as number);
  const widthC = toleranceWidth(candidate as string, nominal as number);
  return widthO === undefined || (widthC !== undefined && widthC <= widthO * (1 + 1e-9));
}

function smdDropIns(original: CatalogProduct, strict = false): string[] {
  const o = original.values;
  return world.emulator.catalog.byGroup.SMD.filter((p) => {
    const v = p.values;
    return (
      v.Status === 'In Production' &&
      v['Specs.Capacitance'] === o['Specs.Capacitance'] &&
      v['Specs.SizecodeMm'] === o['Specs.SizecodeMm'] &&
      v['Specs.TemperatureCharacteristics'] === o['Specs.TemperatureCharacteristics'] &&
      v['Specs.RatedVoltageClass'] === o['Specs.RatedVoltageClass'] &&
      (v['Specs.RatedVoltage'] as number) >= (o['Specs.RatedVoltage'] as number) &&
      asTight(v['Specs.ToleranceCapacitance'], o['Specs.ToleranceCapacitance'], o['Specs.Capacitance']) &&
      (typeof o['Specs.MaxOperatingTemperature'] !== 'number' || (v['Specs.MaxOperatingTemperature'] as number) >= o['Specs.MaxOperatingTemperature']) &&
      (o['ComplianceInfo.AecQ200Support'] !== true || v['ComplianceInfo.AecQ200Support'] === true) &&
      (!strict || (v['Specs.ToleranceCapacitance'] === o['Specs.ToleranceCapacitance'] && v.PackageType === o.PackageType))
    );
  }).map(partnoOf);
}

function endingSmd(predicate: (p: CatalogProduct) => boolean): CatalogProduct {
  return world.emulator.catalog.byGroup.SMD.find((p) => ENDING.has(p.values.Status as string) && predicate(p))!;
}

describe('partspec replacements', () => {
  test('--json: one object per input in input order, each replacement a drop-in with its specs, maker mark and differences', async () => {
    const several = endingSmd((p) => Array.isArray(p.values.AlternativePartno) && smdDropIns(p).length >= 3 && smdDropIns(p).some((d) => (p.values.AlternativePartno as string[]).includes(d)));
    const none = endingSmd((p) => smdDropIns(p).length === 0);
    const inputs = [partnoOf(none), 'NOTAPART-0000', partnoOf(several)];
    const run = await runCliInProcess(['replacements', ...inputs, '--json', '--max', '50', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as { input: string; partno: string | null; status: string | null; replacements: Record<string, unknown>[]; message?: string; near_miss?: { Partno: string } }[];
    expect(json.map((j) => j.input)).toEqual(inputs);
    const [first, missing, found] = json;
    expect(first.replacements).toEqual([]);
    expect(first.message).toMatch(/^No drop-in replacement In Production for /);
    expect(missing).toMatchObject({ partno: null, replacements: [] });
    expect(found).toMatchObject({ partno: partnoOf(several), status: several.values.Status });
    expect(found.replacements.map((r) => r.Partno).sort()).toEqual(smdDropIns(several).sort());
    for (const r of found.replacements) {
      expect(Object.keys(r)).toEqual(expect.arrayContaining(['Partno', 'Status', 'Capacitance', 'SizecodeMm', 'TemperatureCharacteristics', 'RatedVoltage', 'maker_alternative', 'differs']));
      expect(r.Status).toBe('In Production');
      expect(r.Capacitance).toBe(several.values['Specs.Capacitance']);
      expect(r.maker_alternative).toBe((several.values.AlternativePartno as string[]).includes(r.Partno as string));
    }
    expect(found.replacements[0].maker_alternative).toBe(true);
    expect(run.stderr).toContain('NOTAPART-0000');
  });

  test('a table on stdout; --strict narrows; --out writes .json, .csv and .xlsx; all found is exit 0', async () => {
    const original = endingSmd((p) => smdDropIns(p, true).length >= 1 && smdDropIns(p).length > smdDropIns(p, true).length);
    const table = await runCliInProcess(['replacements', partnoOf(original), '--base-url', world.emulator.url, '--lang', 'ja'], { home: world.home, env: KEY_ENV });
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^Input\s+Original\s+Original status\s+Rank\s+Replacement\s+Status\s+Maker alternative\s+Differs in$/);
    expect(lines[2]).toContain('生産中');

    const strict = await runCliInProcess(['replacements', partnoOf(original), '--strict', '--json', '--max', '100', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    const strictJson = JSON.parse(strict.stdout) as { replacements: { Partno: string }[] }[];
    expect(strictJson[0].replacements.map((r) => r.Partno).sort()).toEqual(smdDropIns(original, true).sort());

    const jsonFile = join(world.home, 'r.json');
    const csvFile = join(world.home, 'r.csv');
    const xlsxFile = join(world.home, 'r.xlsx');
    for (const out of [jsonFile, csvFile, xlsxFile]) {
      const run = await runCliInProcess(['replacements', partnoOf(original), '--out', out, '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('');
    }
    expect((JSON.parse(readFileSync(jsonFile, 'utf8')) as unknown[]).length).toBe(1);
    const csv = readFileSync(csvFile, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Input,Original,Original status,Rank,Replacement,Status,Capacitance,SizecodeMm,TemperatureCharacteristics,RatedVoltageClass,RatedVoltage,ToleranceCapacitance,MaxOperatingTemperature,AecQ200Support,Thickness,PackageType,Maker alternative,Differs in');
    expect(csv[1].startsWith(`${partnoOf(original)},${partnoOf(original)},`)).toBe(true);
    const workbook = await readXlsx(xlsxFile);
    expect(rowTexts(workbook.getWorksheet('Replacements')!, 1).slice(0, 5)).toEqual(['Input', 'Original', 'Original status', 'Rank', 'Replacement']);
  });

  test('enrich --replacements adds PartSpec: Replacement for the rows at Risk or EOL only', async () => {
    const ending = endingSmd((p) => p.values.Status === 'Discontinued' && smdDropIns(p).length >= 2);
    const fine = world.emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'In Production')!;
    const bomFile = join(world.home, 'bom.csv');
    const outFile = join(world.home, 'bom-out.csv');
    writeFileSync(bomFile, `Ref,Part,Qty\r\nC1,${partnoOf(ending)},2\r\nC2,${partnoOf(fine)},1\r\n`);
    const run = await runCliInProcess(['enrich', bomFile, '--fields', 'Status', '--risk', '--replacements', '--out', outFile, '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(0);
    const lines = readFileSync(outFile, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
    const at = lines[0].indexOf('PartSpec: Replacement');
    expect(at).toBeGreaterThan(0);
    const [best] = lines[1][at].split(' ');
    expect(smdDropIns(ending)).toContain(best);
    expect(lines[1][at]).toMatch(new RegExp(`\\+${smdDropIns(ending).length - 1} more$`));
    expect(lines[2][at]).toBe('');
  });

  test('bad flags are usage errors (exit 2) before anything is sent', async () => {
    world.emulator.resetLog();
    const bad = await runCliInProcess(['replacements', 'X', '--max', '0', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(bad.code).toBe(2);
    const badOut = await runCliInProcess(['replacements', 'X', '--out', 'r.txt', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(badOut.code).toBe(2);
    expect(badOut.stderr).toContain('.json, .csv or .xlsx');
    expect(world.emulator.requests.filter((r) => r.url.includes('/v2/products'))).toHaveLength(0);
  });
});
