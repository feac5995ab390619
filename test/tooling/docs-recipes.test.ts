/**
 * The recipes the README and the docs give a new user run as written, on ports other than the
 * defaults (after `npm start -- --emulator-port 4111` they once failed twice: the port, then "No
 * API key is set"). A recipe is a fenced `sh` block right after a `<!-- recipe: … -->` comment;
 * each is run line by line in a fresh folder and HOME, with the emulator on a free port:
 *
 * - `export NAME=VALUE` sets NAME as a shell would ($NAME, ${NAME} and ~/ expanded), with the
 *   default ports 4010 (the emulator) and 8080 (partspec serve) replaced by this run's ports: the
 *   one edit the recipes tell a user to make on other ports;
 * - `npm run build`, `npm start` and `npm run emulator …` are what this test provides: the emulator
 *   it started, and dist/ when a build is there, else a stand-in site given with --site (a build
 *   takes minutes; the site's own tests are elsewhere);
 * - `npx partspec …` must do its work (exit 0, or 1 for a part number not found), run in this
 *   process in the recipe's folder (test/cli/in-process.ts: the command line's own entry, with the
 *   folder as its working folder); `partspec serve` (which runs until stopped) runs as
 *   bin/partspec.js, must listen on this run's port and relay a lookup made with the token the
 *   recipe's `serve token add` printed.
 * Anything else in a recipe fails the test, so a recipe cannot grow a step no one runs.
 * test/tooling/docs-commands.test.ts checks every documented command against --help besides.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useEmulator } from '../support/use-emulator';
import { DEMO_KEY } from '../../node/emulator-defaults';
import type { CliRun } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'partspec.js');
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

interface Recipe {
  file: string;
  lines: string[];
}

/** Every marked recipe of the docs, continuation lines joined. */
function recipes(): Recipe[] {
  return DOCS.flatMap((file) =>
    [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/<!-- recipe:[^>]*-->\s*\n```sh\n([\s\S]*?)```/g)].map((m) => ({
      file,
      lines: m[1].replace(/\\\n\s*/g, ' ').split('\n'),
    })),
  );
}

/** A shell line without its comment; `background` when it ends with `&`. */
function commandOf(line: string): { text: string; background: boolean } {
  let quote = '';
  let end = line.length;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && /\s/.test(line[i - 1] ?? ' ')) {
      end = i;
      break;
    }
  }
  const text = line.slice(0, end).trim();
  return text.endsWith('&') ? { text: text.slice(0, -1).trim(), background: true } : { text, background: false };
}

/** Splits a line into words as sh does for these recipes: quotes, $NAME / ${NAME}, and ~/ at a word's start. */
function shellWords(text: string, env: Readonly<Record<string, string>>): string[] {
  const words: string[] = [];
  const expand = (s: string): string => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => env[(a ?? b)!] ?? '');
  for (const m of text.matchAll(/(?:"[^"]*"|'[^']*'|[^\s"']+)+/g)) {
    let word = '';
    for (const part of m[0].matchAll(/"([^"]*)"|'([^']*)'|([^"']+)/g)) {
      if (part[1] !== undefined) word += expand(part[1]);
      else if (part[2] !== undefined) word += part[2];
      else word += expand(word === '' && part[3].startsWith('~/') ? `${env.HOME}${part[3].slice(1)}` : part[3]);
    }
    words.push(word);
  }
  return words;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A step's line and whether it did its work: exit 0, or 1 (partial: the demo BOM holds a part
 * number not found on purpose, and the rest is written, docs/cli.md); otherwise its exit code and
 * what it said, so a failing step names itself.
 */
function outcomeOf(line: string, run: CliRun): string {
  return `${line}: ${run.code === 0 || run.code === 1 ? 'done' : `exit ${run.code}\n${run.stderr}`}`;
}

/** Starts a command that runs until stopped and resolves with the address it says it listens on. */
function startServing(args: readonly string[], cwd: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    const hear = (d: Buffer): void => {
      said += d.toString();
      const url = /listening on (http:\/\/\S+?\/)/.exec(said)?.[1];
      if (url) resolve({ child, url });
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.on('error', reject);
    child.on('close', (code) => reject(new Error(`partspec ${args.join(' ')} ended (${code}) before listening:\n${said}`)));
  });
}

/** The add-in build partspec serve hosts: dist/ when built, else the least site it accepts. */
function siteFlags(scratch: string): string[] {
  if (['taskpane.html', 'manifest.xml', 'functions.json'].every((f) => existsSync(path.join(ROOT, 'dist', f)))) return [];
  const site = path.join(scratch, 'site');
  mkdirSync(site, { recursive: true });
  copyFileSync(path.join(ROOT, 'manifest.xml'), path.join(site, 'manifest.xml'));
  writeFileSync(path.join(site, 'taskpane.html'), '<!doctype html><title>PartSpec</title>');
  writeFileSync(path.join(site, 'functions.json'), '{"functions":[]}');
  return ['--site', site];
}

const emulator = useEmulator();
const RECIPES = recipes();

test('the README and the deployment guide each mark their recipe', () => {
  expect(RECIPES.map((r) => r.file)).toEqual(expect.arrayContaining(['README.md', 'docs/deployment.md']));
});

test('npm start prints the demo key the command line needs, as the emulator accepts it', () => {
  expect(readFileSync(path.join(ROOT, 'scripts/start.js'), 'utf8')).toContain(`const DEMO_KEY = '${DEMO_KEY}';`);
});

describe.each(RECIPES.map((r) => [r.file, r] as const))('the recipe of %s runs as written on other ports', (_file, recipe) => {
  test('every step succeeds', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'partspec-recipe-'));
    const home = path.join(scratch, 'home');
    const work = path.join(scratch, 'clone');
    mkdirSync(home);
    mkdirSync(path.join(work, 'assets'), { recursive: true });
    for (const f of readdirSync(path.join(ROOT, 'assets')).filter((f) => /^demo-bom\./.test(f))) copyFileSync(path.join(ROOT, 'assets', f), path.join(work, 'assets', f));
    const ports: Record<string, string> = { '4010': new URL(emulator.url).port, '8080': String(await freePort()) };
    expect(ports['4010']).not.toBe('4010');
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') };
    const servers: ChildProcess[] = [];
    const tokens: string[] = [];
    let ran = 0;
    try {
      for (const line of recipe.lines) {
        const { text, background } = commandOf(line);
        if (text === '') continue;
        const words = shellWords(text, env);
        const assignment = /^export (\w+)=(.*)$/.exec(text);
        if (assignment) {
          const [value] = shellWords(assignment[2], env);
          env[assignment[1]] = (value ?? '').replace(/\b(4010|8080)\b/g, (p) => ports[p]);
          continue;
        }
        if (words[0] === 'npm') {
          // What the test provides: the emulator on this run's port, the build (or a stand-in site).
          expect([['npm', 'run', 'build'], ['npm', 'start'], ['npm', 'run', 'emulator']].some((step) => step.every((w, i) => words[i] === w))).toBe(true);
          continue;
        }
        expect(words.slice(0, 2)).toEqual(['npx', 'partspec']);
        const args = words.slice(2);
        ran += 1;
        if (args[0] === 'serve' && args[1] !== 'token') {
          const serving = await startServing([...args, ...siteFlags(scratch)], work, env);
          servers.push(serving.child);
          expect(serving.url).toBe(`http://127.0.0.1:${ports['8080']}/`);
          // A user of the team server: the token the recipe added, as the API key, through the relay.
          expect(tokens).toHaveLength(1);
          const relayed = await runCliInProcess(['lookup', 'GRM155R71C104KA88D'], { home: env.HOME, cwd: work, env: { ...env, PARTSPEC_BASE_URL: serving.url, PARTSPEC_API_KEY: tokens[0] } });
          expect(outcomeOf(text, relayed)).toBe(`${text}: done`);
          expect(relayed.stdout).toContain('GRM155R71C104KA88D');
          continue;
        }
        expect(background).toBe(false);
        const done = await runCliInProcess(args, { home: env.HOME, cwd: work, env });
        expect(outcomeOf(text, done)).toBe(`${text}: done`);
        tokens.push(...(done.stdout.match(/\bpst_\S+/g) ?? []));
      }
      expect(ran).toBeGreaterThan(0);
    } finally {
      for (const child of servers) child.kill('SIGTERM');
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 240_000);
});
