import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { ROOT, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const WRONG_KEY = 'wrong-secret-key-4711';

/** The emulator's key, from the environment as a CI job would give it. */
const KEY_ENV = { PARTSPEC_API_KEY: DEMO_KEY };

const world = useEmulatorHome();

/** A catalog part with a capacitance (a Variant input is its part number without the package letter). */
function capacitor(): { partno: string; base: string; farads: number; variants: number } {
  const product = world.emulator.catalog.byGroup.SMD.find((p) => typeof p.values['Specs.Capacitance'] === 'number')!;
  const base = product.values.PartnoWithoutPackageCode as string;
  const variants = world.emulator.catalog.byGroup.SMD.filter((p) => p.values.PartnoWithoutPackageCode === base).length;
  return { partno: product.values.Partno as string, base, farads: product.values['Specs.Capacitance'] as number, variants };
}

describe('partspec lookup', () => {
  test('prints a table of matches; a part not found or invalid makes the run partial (exit 1) and is named on stderr', async () => {
    const { partno, base } = capacitor();
    const run = await runCliInProcess(['lookup', partno, base.toLowerCase(), 'XYZ-NOT-A-PART', 'A|B', '--fields', 'Status,Capacitance:nF', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Input\s+Match\s+Part number\s+Status\s+Capacitance \(nF\)\s+Note$/);
    expect(lines.find((l) => l.startsWith(partno))).toMatch(/Exact/);
    expect(lines.find((l) => l.startsWith(base.toLowerCase()))).toMatch(/Variant/);
    expect(lines.find((l) => l.startsWith('XYZ-NOT-A-PART'))).toMatch(/Not found/);
    expect(lines.find((l) => l.startsWith('A|B'))).toMatch(/Invalid/);
    expect(run.stderr).toContain("'XYZ-NOT-A-PART' not found");
    expect(run.stderr).toContain("'A|B' is invalid");
  });

  test("the maker's beads, filters and resonators say they are of a series not covered by the API", async () => {
    const run = await runCliInProcess(['lookup', 'BLM18AG601SN1D', 'CSTNE16M0V530000R0', '--fields', 'Status', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').find((l) => l.startsWith('BLM18AG601SN1D'))).toMatch(/Series not covered by the API/);
    expect(run.stderr).toContain("'BLM18AG601SN1D' not found: BLM is Murata's ferrite bead series, not covered by the API (ceramic capacitors and inductors only)");
    expect(run.stderr).toContain("'CSTNE16M0V530000R0' not found: CSTNE is Murata's ceramic resonator series");
  });

  test('--json gives every product with converted values; all found is exit 0; part numbers can come from stdin', async () => {
    const { partno, base, farads, variants } = capacitor();
    const run = await runCliInProcess(['lookup', '-', '--json', '--fields', 'Capacitance:nF,LastBuyDate', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV, input: `${partno}\n${base}\n` });
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { input: string; match: string; status: string; products: Record<string, unknown>[] }[];
    expect(json.map((r) => [r.input, r.match])).toEqual([[partno, 'Exact'], [base, 'Variant']]);
    expect(json[0].products).toHaveLength(1);
    expect(json[0].products[0].Partno).toBe(partno);
    expect(json[0].products[0]['Capacitance (nF)']).toBeCloseTo(farads * 1e9, 9);
    expect(json[1].products).toHaveLength(variants);
    expect(run.stderr).toBe('');
  });
});

describe('errors and exit codes', () => {
  test('a wrong key is exit 3 with a sentence, and the key appears nowhere', async () => {
    for (const options of [{ args: ['--api-key', WRONG_KEY] }, { args: [], env: { PARTSPEC_API_KEY: WRONG_KEY } }]) {
      const run = await runCliInProcess(['lookup', 'MCS18R71H104KZ9D', '--no-cache', '--base-url', world.emulator.url, ...options.args], { home: world.home, env: options.env });
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/^partspec lookup: The API key was rejected \(403\): check .*\.\n$/);
      expect(run.stdout + run.stderr).not.toContain(WRONG_KEY);
    }
  });

  test.each([
    [['lookup', '--bogus', 'X'], /Unknown option '--bogus'/, "Run 'partspec lookup --help'"],
    [['search', '--category', 'capacitors', '--out', 'x.csv'], /'capacitors' is not a category/, "Run 'partspec search --help'"],
    [['search', '--category', 'inductors', '--out', 'x.txt'], /must end in \.xlsx or \.csv/, "Run 'partspec search --help'"],
    [['frobnicate'], /unknown command 'frobnicate'\.\n/, "Run 'partspec --help'"],
  ])('%j is a usage error (exit 2): its sentence and one line naming --help', async (args, message, help) => {
    const run = await runCliInProcess(args, { home: world.home });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain(help);
    expect(run.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(3);
    expect(run.stdout).toBe('');
  });

  test.each([
    [['enrch', 'bom.xlsx'], "Did you mean 'partspec enrich'?"],
    [['search', '--category', 'inductors', '--ouput', 'x.csv'], "Unknown option '--ouput'. Did you mean '--out'?"],
  ])('%j is a usage error with a "did you mean"', async (args, hint) => {
    const run = await runCliInProcess(args, { home: world.home });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(hint);
    expect(run.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(3);
  });

  test('a bad filter or field is exit 2 with the core validator sentence, before anything is sent', async () => {
    world.emulator.resetLog();
    const filter = await runCliInProcess(['search', '--category', 'inductors', '--filter', 'Capacitance ge 1u', '--out', 'x.csv', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(filter.code).toBe(2);
    expect(filter.stderr).toMatch(/^partspec search: .*Capacitance/);
    const field = await runCliInProcess(['lookup', 'MCS18R71H104KZ9D', '--fields', 'Capacitanse', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(field.code).toBe(2);
    expect(field.stderr).toContain("Unknown field 'Capacitanse'. Did you mean 'Capacitance'?");
    expect(world.emulator.requests).toHaveLength(0);
  });
});

describe('settings: flags, then environment, then config file', () => {
  test('each setting comes from the first place that has it, and the key is never shown', async () => {
    const configDir = join(world.home, '.config', 'partspec');
    mkdirSync(configDir, { recursive: true });
    const file = join(configDir, 'config.json');
    writeFileSync(file, JSON.stringify({ baseUrl: world.emulator.url, apiKey: DEMO_KEY, lang: 'ja' }));
    chmodSync(file, 0o600);

    const fromFile = await runCliInProcess(['config', '--json'], { home: world.home });
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({
      baseUrl: { value: world.emulator.url, from: 'config file' },
      apiKey: { value: 'set', from: 'config file' },
      lang: { value: 'ja', from: 'config file' },
    });
    expect(fromFile.stdout).not.toContain(DEMO_KEY);

    const env = { PARTSPEC_LANG: 'zh', PARTSPEC_API_KEY: WRONG_KEY };
    const fromEnv = await runCliInProcess(['config', '--json'], { home: world.home, env });
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ baseUrl: { from: 'config file' }, apiKey: { from: 'PARTSPEC_API_KEY' }, lang: { value: 'zh', from: 'PARTSPEC_LANG' } });
    const fromFlags = await runCliInProcess(['config', '--json', '--lang', 'en', '--api-key', DEMO_KEY], { home: world.home, env });
    expect(JSON.parse(fromFlags.stdout)).toMatchObject({ apiKey: { from: 'flag' }, lang: { value: 'en', from: 'flag' } });
    expect(fromEnv.stdout + fromFlags.stdout).not.toContain(WRONG_KEY);

    // The same order decides what is sent: the file's key works, the environment's wrong key
    // overrides it, a flag overrides the environment.
    const partno = capacitor().partno;
    expect((await runCliInProcess(['lookup', partno, '--no-cache'], { home: world.home })).code).toBe(0);
    expect((await runCliInProcess(['lookup', partno, '--no-cache'], { home: world.home, env })).code).toBe(3);
    expect((await runCliInProcess(['lookup', partno, '--no-cache', '--api-key', DEMO_KEY], { home: world.home, env })).code).toBe(0);
  });

  test('--config names another file; a missing or broken one is exit 2', async () => {
    const other = join(world.home, 'other.json');
    writeFileSync(other, JSON.stringify({ baseUrl: 'http://localhost:9', lang: 'zh' }));
    const run = await runCliInProcess(['config', '--json', '--config', other], { home: world.home });
    expect(JSON.parse(run.stdout)).toMatchObject({ baseUrl: { value: 'http://localhost:9', from: 'config file' }, lang: { value: 'zh' }, configFile: other });
    const missing = await runCliInProcess(['config', '--config', join(world.home, 'nope.json')], { home: world.home });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json cannot be read/);
    writeFileSync(other, '{ not json');
    const broken = await runCliInProcess(['config', '--config', other], { home: world.home });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/is not valid JSON/);
  });
});

describe('partspec emulator and help', () => {
  test('partspec emulator runs the emulator: prints its URL, answers, stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'partspec.js'), 'emulator', '--port', '0'], { cwd: world.home, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(output);
        if (m) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`emulator exited: ${output}`)));
    });
    const run = await runCliInProcess(['lookup', 'MCS18R71H104KZ9D', '--base-url', url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(0);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  test('--help prints the usage on stdout with exit 0', async () => {
    const run = await runCliInProcess(['enrich', '--help'], { home: world.home });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^usage: partspec enrich/);
    expect(run.stdout).toContain("gets a leading '");
  });
});

describe('partspec lookup: did you mean', () => {
  test('a part number with O for 0 is not found, and the real one is named', async () => {
    const catalog = world.emulator.catalog.byGroup.SMD.map((p) => p.values.Partno as string);
    const real = catalog.find((p) => /^[A-Z0-9]+$/.test(p) && p.slice(3).includes('0'))!;
    const at = real.indexOf('0', 3);
    const misread = `${real.slice(0, at)}O${real.slice(at + 1)}`;
    const run = await runCliInProcess(['lookup', misread, '--lang', 'en', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`'${misread}' not found`);
    expect(run.stderr).toContain(`Did you mean '${real}'?`);
  });

  test('a part number nothing real is one look-alike away from gets no guess', async () => {
    const run = await runCliInProcess(['lookup', 'XYZ-NOT-A-PART', '--lang', 'en', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.stderr).toContain("'XYZ-NOT-A-PART' not found");
    expect(run.stderr).not.toContain('Did you mean');
  });
});

test("GRM155R71C1O4KA88D (O for 0) gets 'Did you mean GRM155R71C104KA88D?'", async () => {
  const run = await runCliInProcess(['lookup', 'GRM155R71C1O4KA88D', '--lang', 'en', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
  expect(run.stderr).toContain("Did you mean 'GRM155R71C104KA88D'?");
});
