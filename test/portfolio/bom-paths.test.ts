/**
 * The BOM files a portfolio reads from what the user typed: files as named, folders walked for BOM
 * files (hidden entries and Office lock files left out), globs with `*`, `?` and `**`, each file
 * once; a path, folder or glob with no BOM is refused in a sentence. Relative paths are the run's
 * folder's, and stay as the user typed them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expandBomPaths } from '../../node/files/bom-paths';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'partspec-bom-paths-'));
  for (const file of ['a.csv', 'b.xlsx', 'notes.md', '.hidden.csv', '~$b.xlsx', 'sub/c.tsv', 'sub/deeper/d.xlsm', '.git/e.csv', 'plan.csv']) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('a folder gives its BOM files, deepest too, without hidden entries, lock files or what is left out', () => {
  expect(expandBomPaths(dir, ['.'], ['plan.csv']).map((f) => f.replace(/\\/g, '/'))).toEqual(['a.csv', 'b.xlsx', 'sub/c.tsv', 'sub/deeper/d.xlsm']);
});

test('globs: * within a folder, ** across folders; a file named twice is read once', () => {
  expect(expandBomPaths(dir, ['*.csv', 'a.csv'])).toEqual(['a.csv', 'plan.csv']);
  expect(expandBomPaths(dir, ['sub/**/*.xlsm']).map((f) => f.replace(/\\/g, '/'))).toEqual(['sub/deeper/d.xlsm']);
  expect(expandBomPaths(dir, ['**/?.tsv']).map((f) => f.replace(/\\/g, '/'))).toEqual(['sub/c.tsv']);
});

test('a path that does not exist, or a glob or folder without a BOM, is refused', () => {
  expect(() => expandBomPaths(dir, ['missing.csv'])).toThrow(/^missing\.csv does not exist\.$/);
  expect(() => expandBomPaths(dir, ['*.ods'])).toThrow(/\*\.ods matches no BOM file/);
  mkdirSync(join(dir, 'empty'));
  expect(() => expandBomPaths(dir, ['empty'])).toThrow(/The folder empty holds no BOM file/);
});
