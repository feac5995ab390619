/**
 * PartSpec as a user installs it, with no clone: `npm pack`, then `npm install -g` of the tarball
 * into a temporary prefix, then each command from the installed `partspec`: help, the emulator,
 * a lookup and an enrichment against it, and the server hosting the add-in from the package.
 * The tarball holds what runs and nothing else, and the install prints no warning.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_KEY, startEmulator } from '../../emulator';

const ROOT = path.resolve(__dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The machine's npm cache, so the install reads packages already fetched once. */
const NPM_CACHE = execFileSync(NPM, ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();

let dir: string;
let tarball: string;
let files: string[];
let installOutput: { status: number | null; stdout: string; stderr: string };
let partspec: string;
let partno: string;
const children: ChildProcess[] = [];

/** The environment of a user's shell: nothing of this clone or of the test runner. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: `${path.join(dir, 'prefix', 'bin')}:${process.env.PATH}`, HOME: path.join(dir, 'home'), PARTSPEC_API_KEY: DEMO_KEY, ...extra };
}

/** The build npm pack ships: made now when it is missing or older than the sources. */
function ensureBuilt(): void {
  const outputs = [path.join(ROOT, 'dist', 'taskpane.html'), path.join(ROOT, 'build', 'node', '.built')];
  const newestSource = (folder: string): number =>
    statSync(folder).isDirectory() ? Math.max(0, ...readdirSync(folder).map((n) => newestSource(path.join(folder, n)))) : statSync(folder).mtimeMs;
  const built = outputs.every((o) => existsSync(o)) ? Math.min(...outputs.map((o) => statSync(o).mtimeMs)) : -1;
  if (built < 0 || ['api', 'core', 'ooxml', 'node', 'src', 'cli', 'mcp', 'server', 'emulator'].some((f) => newestSource(path.join(ROOT, f)) > built)) {
    execFileSync(NPM, ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
}

/** Starts an installed long-running command and resolves with the address it prints. */
function startListening(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(partspec, args, { env, cwd: dir });
    children.push(child);
    let out = '';
    const onData = (c: Buffer): void => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`partspec ${args[0]} exited with ${code}: ${out}`)));
  });
}

function run(args: string[], env = userEnv()): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(partspec, args, { env, cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'partspec-pack-'));
  mkdirSync(path.join(dir, 'home'));
  ensureBuilt();
  // The build is fresh, so the tarball is packed without running it again.
  const packed = JSON.parse(execFileSync(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(dir, packed[0].filename);
  files = packed[0].files.map((f) => f.path);
  const install = spawnSync(NPM, ['install', '-g', '--prefix', path.join(dir, 'prefix'), '--cache', NPM_CACHE, '--no-audit', '--no-fund', tarball], {
    cwd: dir,
    encoding: 'utf8',
    // A user's shell: none of the npm_config_* variables npm sets for the script running this test.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))), HOME: path.join(dir, 'home') },
    timeout: 240_000,
  });
  installOutput = { status: install.status, stdout: install.stdout, stderr: install.stderr };
  partspec = path.join(dir, 'prefix', 'bin', 'partspec');
  // The installed emulator serves the same seeded catalog as this one.
  const reference = await startEmulator({ port: 0 });
  partno = [...reference.catalog.byPartno.keys()][5];
  await reference.close();
}, 300_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test('the tarball holds compiled code, the built add-in, the manifest, README and licence, and no sources, tests or benchmarks', () => {
  expect(files).toEqual(expect.arrayContaining(['bin/partspec.js', 'build/node/cli/main.js', 'build/node/server/serve.js', 'build/node/emulator/main.js', 'dist/taskpane.html', 'dist/functions.json', 'dist/manifest.xml', 'manifest.xml', 'README.md', 'LICENSE', 'package.json']));
  expect(files.filter((f) => /\.tsx?$/.test(f))).toEqual([]);
  expect(files.filter((f) => /^(src|test|bench|docs|cli|server|emulator|scripts)\//.test(f))).toEqual([]);
  // office.js comes from Microsoft's CDN in the packed (production) build: no copy of it ships.
  expect(files.filter((f) => f.includes('office-js'))).toEqual([]);
});

test('npm install -g of the tarball succeeds without a warning', () => {
  expect(installOutput.status).toBe(0);
  // The one line that may appear is about this machine's own npm settings (its npmrc), not the package.
  const warnings = `${installOutput.stdout}\n${installOutput.stderr}`.split('\n').filter((l) => /warn|ERR/i.test(l) && !/Unknown user config/.test(l));
  expect(warnings).toEqual([]);
  expect(existsSync(partspec)).toBe(true);
});

test('the installed command runs compiled JavaScript: help, lookup and enrich against the installed emulator', async () => {
  const help = run(['--help']);
  expect(help.status).toBe(0);
  expect(help.stdout).toMatch(/^usage: partspec <command>/);
  const version = run(['--version']);
  expect(version.stdout.trim()).toBe((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);

  const emulator = await startListening(['emulator', '--port', '0'], userEnv());
  const lookup = run(['lookup', partno, '--base-url', emulator, '--json']);
  expect(lookup.status).toBe(0);
  expect(JSON.stringify(JSON.parse(lookup.stdout))).toContain(partno);

  writeFileSync(path.join(dir, 'bom.csv'), `Ref,Manufacturer Part Number\nC1,${partno}\nC2,NOSUCHPART-1\n`);
  const enrich = run(['enrich', 'bom.csv', '--out', 'bom.out.csv', '--base-url', emulator]);
  expect(enrich.status).toBe(1);
  const out = readFileSync(path.join(dir, 'bom.out.csv'), 'utf8');
  expect(out).toMatch(/PartSpec: Match/);
  expect(out.split(/\r?\n/)[1]).toMatch(/,Exact,/);
});

test('partspec serve hosts the add-in from the package: manifest.xml and taskpane.html', async () => {
  const emulator = await startListening(['emulator', '--port', '0'], userEnv());
  const server = await startListening(['serve', '--port', '0', '--upstream', emulator, '--pass-through'], userEnv());
  const manifest = await fetch(`${server}/manifest.xml`);
  expect(manifest.status).toBe(200);
  const xml = await manifest.text();
  expect(xml).toContain(`${server}/taskpane.html`);
  const page = await fetch(`${server}/taskpane.html`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('https://appsforoffice.microsoft.com/lib/1/hosted/office.js');
});
