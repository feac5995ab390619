/**
 * Every `partspec …` command the documentation shows names a subcommand and flags that exist, so
 * the docs cannot drift from the command line again. The truth is what a user sees: the
 * subcommands `partspec --help` lists and the flags each subcommand's `--help` names.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../..');
const DOCS = ['README.md', 'SECURITY.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
/** Flags every command takes, whatever its help lists. */
const ALWAYS = new Set(['--help']);

interface DocCommand {
  file: string;
  text: string;
  subcommand: string;
  flags: string[];
}

/** The text of a shell line up to what ends the command: a comment, a pipe, a redirection, `&`. */
function commandPart(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if ('#|<>&;'.includes(c) && (c !== '#' || /\s/.test(line[i - 1] ?? ' '))) return line.slice(0, i);
  }
  return line;
}

/** Splits a command into words, keeping quoted words whole. */
function words(text: string): string[] {
  return [...text.matchAll(/"[^"]*"|'[^']*'|\S+/g)].map((m) => m[0]);
}

function parse(file: string, text: string): DocCommand | undefined {
  const tokens = words(commandPart(text).replace(/[[\]]/g, ' '));
  const at = tokens.findIndex((t) => t === 'partspec' || t.endsWith('/partspec.js'));
  if (at < 0) return undefined;
  const rest = tokens.slice(at + 1);
  const subcommand = rest[0];
  if (!subcommand || subcommand === '…' || subcommand.startsWith('<')) return undefined;
  const flags = rest.filter((t) => /^--[a-z]/.test(t)).map((t) => t.replace(/[=,:].*$/, '').replace(/[`.)]+$/, ''));
  return { file, text: text.trim(), subcommand: subcommand.startsWith('-') ? '' : subcommand, flags };
}

/**
 * Every `partspec` command in code blocks (continuation lines joined; `npm run emulator --` is
 * `partspec emulator`) and in inline code.
 */
function documentedCommands(): DocCommand[] {
  const found: DocCommand[] = [];
  for (const file of DOCS) {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    const blocks = [...source.matchAll(/```(?:sh|bash|ini)?\n([\s\S]*?)```/g)].map((m) => m[1]);
    for (const block of blocks) {
      for (const line of block.replace(/\\\n\s*/g, ' ').replace(/npm run emulator --/g, 'partspec emulator').split('\n')) {
        const command = /^\s*(?:npx\s+|[A-Z_]+=\S+\s+)*partspec\s/.test(line) || /ExecStart=.*partspec\.js\s/.test(line) ? parse(file, line) : undefined;
        if (command) found.push(command);
      }
    }
    const prose = source.replace(/```[\s\S]*?```/g, '');
    for (const match of prose.matchAll(/`((?:npx )?partspec [^`]+)`/g)) {
      const command = parse(file, match[1]);
      if (command) found.push(command);
    }
  }
  return found;
}

const run = promisify(execFile);
const helpCache = new Map<string, Promise<string>>();

function help(args: string[]): Promise<string> {
  const key = args.join(' ');
  if (!helpCache.has(key)) {
    const text = run(process.execPath, [path.join(ROOT, 'bin/partspec.js'), ...args, '--help'], { cwd: ROOT, encoding: 'utf8' })
      .then((r) => r.stdout + r.stderr)
      .catch((error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`);
    helpCache.set(key, text);
  }
  return helpCache.get(key)!;
}

const commands = documentedCommands();

test('the documentation shows the command line at work', () => {
  const subcommands = new Set(commands.map((c) => c.subcommand));
  for (const expected of ['enrich', 'report', 'lookup', 'search', 'serve', 'emulator', 'replacements', 'download']) {
    expect(subcommands).toContain(expected);
  }
  expect(commands.length).toBeGreaterThan(30);
});

test('every documented subcommand is one partspec lists', async () => {
  const listed = await help([]);
  const unknown = commands.filter((c) => c.subcommand && !new RegExp(`^\\s+${c.subcommand}\\s`, 'm').test(listed));
  expect(unknown.map((c) => `${c.file}: ${c.text}`)).toEqual([]);
}, 60_000);

test('every documented flag is one its subcommand takes', async () => {
  const missing: string[] = [];
  for (const command of commands) {
    const text = await help(command.subcommand ? [command.subcommand] : []);
    for (const flag of command.flags) {
      if (!ALWAYS.has(flag) && !new RegExp(`(^|[\\s,\\[(])${flag}(?![a-z-])`, 'm').test(text)) missing.push(`${command.file}: ${flag} in ${command.text}`);
    }
  }
  expect(missing).toEqual([]);
}, 120_000);
