/**
 * The rules a store submission is judged by, checked offline: the add-in icons' sizes for a task
 * pane add-in, a support page with version, contact and troubleshooting (served by the build and
 * by `partspec serve`), function names that are no built-in Excel function in any language the
 * add-in ships, and the data-type flag only where a function returns a data type.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import { buildServer } from '../../server/app';
import { createMemoryState } from '../../server/state/memory';
import { DEV_URL, checkManifestXml, readPngSize } from '../../scripts/manifest-check';
import { LOCALES, localizeFunctionsMetadata, readLocaleTable, settleDataTypeFlag } from '../../scripts/localize-functions-metadata';
import { RENAMED_FUNCTIONS, renderSupportPage } from '../../scripts/support-page';
import { EXCEL_BUILTIN_FUNCTIONS } from './excel-builtin-functions';

const ROOT = path.resolve(__dirname, '../..');
const MANIFEST = fs.readFileSync(path.join(ROOT, 'manifest.xml'), 'utf8');
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

interface Metadata {
  allowCustomDataForDataTypeAny?: boolean;
  functions: { id: string; name: string; result: { type?: string } }[];
}

/** functions.json and its ja and zh copies, as the build writes them. */
async function generateAll(): Promise<Record<string, Metadata>> {
  const generated = await generateCustomFunctionsMetadata([path.join(ROOT, 'src/functions/functions.ts')], false);
  expect(generated.errors).toEqual([]);
  const en = settleDataTypeFlag(JSON.parse(generated.metadataJson)) as Metadata;
  const all: Record<string, Metadata> = { en };
  for (const locale of Object.keys(LOCALES)) all[locale] = localizeFunctionsMetadata(en, readLocaleTable(ROOT, locale), locale) as Metadata;
  return all;
}

describe('icons', () => {
  const { problems, facts } = checkManifestXml(MANIFEST, { root: ROOT });

  test('IconUrl is a 32×32 PNG and HighResolutionIconUrl a 64×64 PNG', () => {
    expect(problems).toEqual([]);
    expect(facts.addinIcons).toEqual({ IconUrl: { width: 32, height: 32 }, HighResolutionIconUrl: { width: 64, height: 64 } });
  });

  test.each([
    ['IconUrl', 'icon-32.png', 'icon-64.png', /<IconUrl> should be a 32x32 PNG, not 64x64/],
    ['HighResolutionIconUrl', 'icon-64.png', 'icon-128.png', /<HighResolutionIconUrl> should be a 64x64 PNG, not 128x128/],
  ])('the check refuses %s of another size', (name, from, to, expected) => {
    const mutated = MANIFEST.replace(new RegExp(`(<${name} DefaultValue="[^"]*)${from}`), `$1${to}`);
    expect(mutated).not.toBe(MANIFEST);
    expect(checkManifestXml(mutated, { root: ROOT }).problems).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });

  test('every PNG in assets/ is the size its name says', () => {
    for (const file of fs.readdirSync(path.join(ROOT, 'assets')).filter((f) => /-\d+\.png$/.test(f))) {
      const size = Number(/-(\d+)\.png$/.exec(file)![1]);
      expect([file, readPngSize(path.join(ROOT, 'assets', file))]).toEqual([file, { width: size, height: size }]);
    }
  });
});

describe('the support page', () => {
  const { facts } = checkManifestXml(MANIFEST, { root: ROOT });
  const html = renderSupportPage({ version, contact: 'parts-help@example.com' });

  test('SupportUrl and the Get Started LearnMoreUrl name it', () => {
    expect(facts.supportUrl).toBe(`${DEV_URL}support.html`);
    expect(facts.learnMoreUrl).toBe(`${DEV_URL}support.html`);
    const pane = MANIFEST.replace('<SupportUrl DefaultValue="https://localhost:3000/support.html"/>', '<SupportUrl DefaultValue="https://localhost:3000/taskpane.html"/>');
    expect(checkManifestXml(pane, { root: ROOT }).problems).toEqual([expect.stringMatching(/<SupportUrl> is .*taskpane\.html, not the support page/)]);
  });

  test('says the version, the contact and what to do about the known troubles, and runs no script', () => {
    expect(html).toContain(`<span data-testid="support-version">${version}</span>`);
    expect(html).toContain('<a href="mailto:parts-help@example.com">parts-help@example.com</a>');
    for (const [from, to] of RENAMED_FUNCTIONS) expect(html).toContain(`<tr><td><code>${from}</code></td><td><code>${to}</code></td></tr>`);
    for (const topic of ['#NAME?', 'inside Excel', 'API key', 'editing a cell', '5 MB', '#BUSY!', 'Version 2501', 'CustomFunctionsRuntime 1.4']) expect(html).toContain(topic);
    expect(html).not.toMatch(/<script/i);
  });

  test('without a contact in the build it names who deployed the add-in; a contact is text, never markup', () => {
    expect(renderSupportPage({ version })).toMatch(/Contact:<\/strong> <span data-testid="support-contact">the person or team who gave you this add-in/);
    expect(renderSupportPage({ version, contact: '<img src=x onerror=alert(1)>' })).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test('partspec serve serves it from the build with the other pages', async () => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partspec-site-'));
    for (const [name, text] of [['taskpane.html', '<html><head></head><body></body></html>'], ['manifest.xml', MANIFEST], ['functions.json', '{"functions":[]}'], ['support.html', html]]) {
      fs.writeFileSync(path.join(siteDir, name), text);
    }
    const server = await buildServer({ upstream: 'http://127.0.0.1:9', passThrough: true, state: createMemoryState(), siteDir, publicUrl: 'https://partspec.example.com/', logger: false });
    try {
      const url = await server.listen(0, '127.0.0.1');
      const page = await fetch(`${url}/support.html`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`<span data-testid="support-version">${version}</span>`);
      const manifest = await (await fetch(`${url}/manifest.xml`)).text();
      expect(manifest).toContain('<SupportUrl DefaultValue="https://partspec.example.com/support.html"/>');
    } finally {
      await server.close();
      fs.rmSync(siteDir, { recursive: true, force: true });
    }
  });
});

describe('function names', () => {
  test('the built-in list holds the names the add-in used to collide with', () => {
    for (const name of ['SEARCH', 'INFO', 'FIND', 'SEARCHB', 'FINDB', 'FILTER', 'LOOKUP', 'MATCH', 'TEXT', 'VALUE']) expect(EXCEL_BUILTIN_FUNCTIONS).toContain(name);
  });

  test('no function id or name in en, ja or zh is a built-in Excel function', async () => {
    const all = await generateAll();
    const builtins = new Set(EXCEL_BUILTIN_FUNCTIONS);
    for (const [locale, metadata] of Object.entries(all)) {
      const names = metadata.functions.flatMap((f) => [f.id, f.name]);
      expect(names.length).toBeGreaterThan(8);
      expect([locale, names.filter((n) => builtins.has(n.toUpperCase()))]).toEqual([locale, []]);
      // Ids and names stay the same in every language, so a formula reads the same everywhere.
      expect(metadata.functions.map((f) => f.name)).toEqual(all.en.functions.map((f) => f.id));
    }
    expect(all.en.functions.map((f) => f.id)).toEqual(expect.arrayContaining(['QUERY', 'CARD', 'SUGGEST']));
  });

  test('the data-type flag is set because PART.CARD returns a card, and only then', async () => {
    const all = await generateAll();
    for (const metadata of Object.values(all)) expect(metadata.allowCustomDataForDataTypeAny).toBe(true);
    const untyped = all.en.functions.filter((f) => f.result.type === undefined).map((f) => f.id);
    expect(untyped).toContain('CARD');
    const withoutCard = settleDataTypeFlag({ allowCustomDataForDataTypeAny: true, functions: all.en.functions.filter((f) => f.id !== 'CARD') });
    expect(withoutCard).not.toHaveProperty('allowCustomDataForDataTypeAny');
  });
});
