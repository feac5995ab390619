import fs from 'fs';
import path from 'path';
import {
  DEV_URL,
  checkManifestXml,
  findAll,
  parseXml,
  readAssociatedActions,
} from '../../scripts/manifest-check';

const ROOT = path.resolve(__dirname, '../..');
const MANIFEST = fs.readFileSync(path.join(ROOT, 'manifest.xml'), 'utf8');

/** Checks a variant of the manifest and returns its problems. */
function problemsOf(xml: string): string[] {
  return checkManifestXml(xml, { root: ROOT }).problems;
}

describe('manifest.xml', () => {
  const { problems, facts } = checkManifestXml(MANIFEST, { root: ROOT });

  test('passes every structural check', () => {
    expect(problems).toEqual([]);
  });

  test('parses to an OfficeApp task pane add-in for the Workbook host', () => {
    const app = parseXml(MANIFEST);
    expect(app.name).toBe('OfficeApp');
    expect(app.attrs['xsi:type']).toBe('TaskPaneApp');
    expect(findAll(app, 'Host').map((h) => h.attrs.Name ?? h.attrs['xsi:type'])).toEqual(['Workbook', 'Workbook']);
    expect(findAll(app, 'Set').map((s) => s.attrs.Name)).toEqual(['SharedRuntime', 'CustomFunctionsRuntime', 'ExcelApi']);
  });

  test('runs everything in one long-lived shared runtime page', () => {
    expect(facts.runtimes).toEqual([{ resid: 'Taskpane.Url', lifetime: 'long' }]);
    expect(facts.runtimeUrl).toBe(`${DEV_URL}taskpane.html`);
    expect(facts.functions).toEqual({
      script: `${DEV_URL}functions.js`,
      page: `${DEV_URL}taskpane.html`,
      metadata: `${DEV_URL}functions.json`,
    });
  });

  test('puts the custom functions in the PART namespace', () => {
    expect(facts.namespace).toBe('PART');
  });

  test('has the five ribbon buttons, wired to the taskpane or to associated actions', () => {
    expect(facts.buttons).toEqual([
      expect.objectContaining({ label: 'Search & import', action: 'ShowTaskpane', taskpaneId: 'ButtonId1', url: `${DEV_URL}taskpane.html` }),
      expect.objectContaining({ label: 'Enrich selection', action: 'ExecuteFunction', functionName: 'enrichSelection' }),
      expect.objectContaining({ label: 'Refresh', action: 'ExecuteFunction', functionName: 'refresh' }),
      expect.objectContaining({ label: 'BOM summary', action: 'ExecuteFunction', functionName: 'bomSummary' }),
      // One taskpane in a shared runtime: Settings opens it through a function rather than a second pane.
      expect.objectContaining({ label: 'Settings', action: 'ExecuteFunction', functionName: 'openSettings' }),
    ]);
    const source = fs.readFileSync(path.join(ROOT, 'src/commands/commands.ts'), 'utf8');
    expect(readAssociatedActions(source).sort()).toEqual(['bomSummary', 'enrichSelection', 'openSettings', 'refresh']);
  });

  test('points every URL at the dev server and every icon at a file in assets/', () => {
    expect(facts.urls.length).toBeGreaterThan(20);
    for (const { url } of facts.urls) expect(url.startsWith(DEV_URL)).toBe(true);
    const icons = facts.urls.filter(({ url }) => url.endsWith('.png'));
    expect(icons).toHaveLength(20);
    for (const { url } of icons) {
      expect(fs.existsSync(path.join(ROOT, url.slice(DEV_URL.length)))).toBe(true);
    }
  });
});

describe('the structural check', () => {
  test.each([
    ['a resid with no resource', (xml: string) => xml.replace('resid="Refresh.Label"', 'resid="Refresh.Title"'), /Refresh\.Title.*does not resolve/],
    ['a short runtime', (xml: string) => xml.replace('lifetime="long"', 'lifetime="short"'), /lifetime is not "long"/],
    ['another namespace', (xml: string) => xml.replace('DefaultValue="PART"', 'DefaultValue="PARTS"'), /namespace is PARTS/],
    ['a missing icon file', (xml: string) => xml.replace('assets/refresh-32.png', 'assets/refresh-48.png'), /refresh-48\.png, which does not exist/],
    ['an icon of the wrong size', (xml: string) => xml.replace('assets/refresh-32.png', 'assets/refresh-80.png'), /Refresh\.32x32 is 80x80 but used at size 32/],
    ['a production URL', (xml: string) => xml.replace(`${DEV_URL}functions.json`, 'https://example.com/functions.json'), /Functions\.Metadata\.Url is https:\/\/example\.com/],
    ['an action commands.ts never associates', (xml: string) => xml.replace('>refresh<', '>refreshAll<'), /runs refreshAll, which src\/commands\/commands\.ts never associates/],
    ['a missing translation', (xml: string) => xml.replace('<bt:Override Locale="ja-JP" Value="設定"/>', ''), /Settings\.Label has no ja-JP override/],
    ['a URL resource used as a string', (xml: string) => xml.replace('<Label resid="Group.Label"/>', '<Label resid="Taskpane.Url"/>'), /needs a String resource but Taskpane\.Url is a Url/],
    ['unbalanced XML', (xml: string) => xml.replace('</Supertip>', '</SuperTip>'), /does not parse: <\/SuperTip> closes <Supertip>/],
  ])('reports %s', (_name, mutate, expected) => {
    const mutated = mutate(MANIFEST);
    expect(mutated).not.toBe(MANIFEST);
    const found = problemsOf(mutated);
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });
});

describe('parseXml', () => {
  test('reads attributes, entities and nesting', () => {
    const root = parseXml('<?xml version="1.0"?><!-- c --><a x="1 &amp; 2"><b:c y=\'&#x41;\'/>t&lt;</a>');
    expect(root).toMatchObject({ name: 'a', attrs: { x: '1 & 2' }, text: 't<' });
    expect(root.children[0]).toMatchObject({ name: 'b:c', attrs: { y: 'A' }, children: [] });
  });

  test.each([
    ['<a><b></a>', /<\/a> closes <b>/],
    ['<a>', /<a> is never closed/],
    ['<a/><b/>', /second root element/],
    ['<a x="1" x="2"/>', /duplicate attribute x/],
    ['<a>&nbsp;</a>', /unknown entity &nbsp;/],
  ])('rejects %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(message);
  });
});
