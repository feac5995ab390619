import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../../scripts/dead-exports.js');

/** A small project laid out as ours is: layers, an entry point, a test. */
const PROJECT: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'ES2020', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: true, types: [] },
    include: ['core', 'cli', 'test'],
  }),
  'core/parts.ts': [
    '/** Used through a barrel, with an option type only its signature names. */',
    'export interface PartOptions { upper: boolean }',
    'export function partName(text: string, options: PartOptions): string { return options.upper ? text.toUpperCase() : text; }',
    'export const PLANTED_DEAD = 1;',
    'export type PlantedDeadType = string;',
    'export function usedInFileOnly(): number { return PLANTED_DEAD + 1; }',
    'export const LENGTH = usedInFileOnly();',
  ].join('\n'),
  'core/spread.ts': 'export const A = 1;\nexport const B = 2;\n',
  'core/index.ts': "export { partName } from './parts';\nexport * from './typed';\n",
  'core/typed.ts': 'export interface Typed { a: number }\nexport interface ThroughImportType { b: number }\n',
  'core/tests-only.ts': 'export function forTests(): number { return 2; }\n',
  // A namespace import counts every name of its module, as it may be passed on whole.
  'core/whole.ts': "import * as spread from './spread';\nexport const whole = spread.A;\n",
  'cli/main.ts': [
    "import { partName, type Typed } from '../core';",
    "import { LENGTH } from '../core/parts';",
    "import { whole } from '../core/whole';",
    'export const ENTRY_ONLY = partName(String(whole + LENGTH), { upper: true });',
    'export const typed: Typed = { a: 1 };',
  ].join('\n'),
  'test/parts.test.ts': [
    "import { forTests } from '../core/tests-only';",
    "export const seen: import('../core/typed').ThroughImportType = { b: forTests() };",
  ].join('\n'),
};

function writeProject(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'partspec-dead-exports-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

function check(root: string) {
  return spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8', timeout: 60_000 });
}

describe('the dead-export check of npm run lint', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  test('names each planted dead export by file and line, and fails', () => {
    const root = writeProject(PROJECT);
    roots.push(root);
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'core/parts.ts:4 PLANTED_DEAD is exported but nothing imports it',
      'core/parts.ts:5 PlantedDeadType is exported but nothing imports it',
      'core/parts.ts:6 usedInFileOnly is exported but nothing imports it',
      '3 dead exports: remove the export (or the code) so a module shows only what others use.',
    ]);
  });

  test('passes once the planted exports are gone: barrels, namespaces, import types, tests and entry points count', () => {
    const parts = PROJECT['core/parts.ts']
      .replace('export const PLANTED_DEAD = 1;', 'const PLANTED_DEAD = 1;')
      .replace('export type PlantedDeadType = string;\n', '')
      .replace('export function usedInFileOnly', 'function usedInFileOnly');
    const root = writeProject({ ...PROJECT, 'core/parts.ts': parts });
    roots.push(root);
    const run = check(root);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
