/**
 * Every Office API member the add-in's production code touches is within the requirement sets
 * manifest.xml declares, or sits under a `supports(set, version)` check with a fallback beside it.
 * The sets come from Microsoft's own `[Api set: …]` tags in @types/office-js and
 * @types/custom-functions-runtime, read through the TypeScript type checker.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { checkRequirementSets, compareVersions, listProductionSources, readDeclaredSets } from '../../scripts/requirement-sets';

const ROOT = path.resolve(__dirname, '../..');
const TYPE_ROOTS = { typeRoots: [path.join(ROOT, 'node_modules/@types')] };
const declared = readDeclaredSets(fs.readFileSync(path.join(ROOT, 'manifest.xml'), 'utf8'));

const GUARDED = {
  'an if': `if (supports('ExcelApi', '1.18')) sheet.getRanges('A1').select(); else sheet.getRange('A1').select();`,
  'an early return': `function pick(): void {\n  if (!supports('ExcelApi', '1.18')) return;\n  sheet.getRanges('A1').select();\n}`,
  'a conditional': `supports('ExcelApi', '1.19') ? sheet.getRanges('A1').select() : sheet.getRange('A1').select();`,
  'Office.context.requirements': `if (Office.context.requirements.isSetSupported('ExcelApi', '1.18') && sheet) sheet.getRanges('A1').select();`,
};
const UNGUARDED = {
  'no guard': `sheet.getRanges('A1:B2,A4:B4').select();`,
  'a lower version': `if (supports('ExcelApi', '1.17')) sheet.getRanges('A1').select();`,
  'another set': `if (supports('ExcelApiOnline', '1.18')) sheet.getRanges('A1').select();`,
  'the else branch': `if (supports('ExcelApi', '1.18')) sheet.getRange('A1').select(); else sheet.getRanges('A1').select();`,
  'a negated check': `if (!supports('ExcelApi', '1.18')) sheet.getRanges('A1').select();`,
};

/**
 * Checks planted sources, one file per case, in one program (loading Office's typings once):
 * the problems of each case by its name.
 */
function checkPlanted(cases: Record<string, string>): Record<string, string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partspec-sets-'));
  const files = Object.entries(cases).map(([name, body], i) => {
    const file = path.join(dir, `planted-${i}.ts`);
    const source = `declare function supports(set: string, version: string): boolean;\ndeclare const sheet: Excel.Worksheet;\n${body}\nexport {};\n`;
    fs.writeFileSync(file, source);
    return { name, file };
  });
  try {
    const { problems } = checkRequirementSets({ files: files.map((f) => f.file), declared, compilerOptions: TYPE_ROOTS });
    return Object.fromEntries(files.map(({ name, file }) => [name, problems.filter((p) => p.startsWith(`${file}:`)).map((p) => p.slice(dir.length + 1))]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the manifest declares the ExcelApi floor beside the shared runtime and custom functions', () => {
  expect(declared).toEqual({ SharedRuntime: '1.1', CustomFunctionsRuntime: '1.1', ExcelApi: '1.9' });
});

test('versions compare as numbers', () => {
  expect(compareVersions('1.9', '1.18')).toBeLessThan(0);
  expect(compareVersions('1.18', '1.18')).toBe(0);
  expect(compareVersions('BETA', '1.99')).toBeGreaterThan(0);
});

describe('the production code', () => {
  const result = checkRequirementSets({ files: listProductionSources(ROOT), declared });

  test('uses no member above the declared sets without a guard', () => {
    expect(result.problems).toEqual([]);
  });

  test('the checker saw the Excel calls (it resolves members, it does not pass by seeing nothing)', () => {
    const members = new Set(result.uses.map((u) => u.member));
    for (const m of ['WorksheetCollection.getItem', 'Worksheet.getRangeByIndexes', 'Worksheet.getRanges', 'WorksheetCollection.onSelectionChanged']) {
      expect(members).toContain(m);
    }
    expect(result.uses.length).toBeGreaterThan(100);
  });

  test('RangeAreas.select (ExcelApi 1.18) is used, and only under its guard', () => {
    const select = result.uses.filter((u) => u.member === 'RangeAreas.select');
    expect(select.length).toBeGreaterThan(0);
    expect(select.map((u) => [path.relative(ROOT, u.file), u.set, u.version, u.covered])).toEqual(
      select.map(() => [path.join('src', 'sheets', 'bom-tools.ts'), 'ExcelApi', '1.18', 'guard']),
    );
  });

  test('nothing used needs more than the floor except behind a guard', () => {
    const aboveFloor = result.uses.filter((u) => u.set === 'ExcelApi' && compareVersions(u.version, declared.ExcelApi) > 0);
    expect(aboveFloor.every((u) => u.covered === 'guard')).toBe(true);
    const highestUnguarded = result.uses
      .filter((u) => u.set === 'ExcelApi' && u.covered === 'manifest')
      .map((u) => u.version)
      .sort(compareVersions)
      .pop();
    // The floor is the real one: some member needs exactly it.
    expect(highestUnguarded).toBe(declared.ExcelApi);
  });
});

describe('a planted source', () => {
  const found = checkPlanted({ ...GUARDED, ...UNGUARDED });

  test('an unguarded ExcelApi 1.18 call fails', () => {
    expect(found['no guard']).toEqual([
      "planted-4.ts:3 RangeAreas.select needs ExcelApi 1.18, above the manifest's ExcelApi 1.9, and no supports('ExcelApi', '1.18') guards it",
    ]);
  });

  test.each(Object.keys(GUARDED))('a call under %s passes', (name) => {
    expect(found[name]).toEqual([]);
  });

  test.each(Object.keys(UNGUARDED))('a call under %s still fails', (name) => {
    expect(found[name]).toEqual([expect.stringMatching(/RangeAreas\.select needs ExcelApi 1\.18/)]);
  });
});
