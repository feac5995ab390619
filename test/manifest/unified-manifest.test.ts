/**
 * The unified manifest (manifest.json) beside manifest.xml: generated from the same source and
 * valid against the JSON schemas office-addin-manifest brings (its dependency
 * @microsoft/app-manifest bundles Microsoft's MicrosoftTeams schemas), offline.
 */
import fs from 'fs';
import path from 'path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import { DEV_URL, checkManifestXml } from '../../scripts/manifest-check';
import { settleDataTypeFlag } from '../../scripts/localize-functions-metadata';
import { DESCRIPTION_MAX, MANIFEST_VERSION, buildUnifiedManifest } from '../../scripts/unified-manifest';
import { readPngSize } from '../../scripts/manifest-check';

const ROOT = path.resolve(__dirname, '../..');
const XML = fs.readFileSync(path.join(ROOT, 'manifest.xml'), 'utf8');
const APP_MANIFEST = path.dirname(require.resolve('@microsoft/app-manifest/package.json', { paths: [path.dirname(require.resolve('office-addin-manifest/package.json'))] }));
const SCHEMAS = path.join(APP_MANIFEST, 'build/json-schemas/teams', `v${MANIFEST_VERSION}`);

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };

/** A draft-04 validator (the schemas' draft) for one bundled schema file. */
function compile(file: string, unicodeRegExp: boolean): Validate {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Ajv = require(require.resolve('ajv-draft-04', { paths: [APP_MANIFEST] })) as new (options: object) => { compile(schema: object): Validate };
  const schema = JSON.parse(fs.readFileSync(path.join(SCHEMAS, file), 'utf8')) as object;
  // The localization schema's key patterns are not valid as Unicode regular expressions.
  return new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp }).compile(schema);
}

function errorsOf(validate: Validate, data: unknown): string[] {
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

interface Built {
  manifest: Record<string, unknown> & { id: string; extensions: { runtimes: { customFunctions: { functions: { id: string; name: string; description: string }[]; namespace: { id: string } } }[] }[] };
  localizations: Record<string, Record<string, string>>;
}

let built: Built;
let metadata: { functions: { id: string; name: string }[] };

beforeAll(async () => {
  const generated = await generateCustomFunctionsMetadata([path.join(ROOT, 'src/functions/functions.ts')], false);
  metadata = settleDataTypeFlag(JSON.parse(generated.metadataJson));
  built = buildUnifiedManifest(XML, metadata, JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))) as unknown as Built;
});

test(`validates against the bundled MicrosoftTeams v${MANIFEST_VERSION} schema`, () => {
  expect(errorsOf(compile('MicrosoftTeams.schema.json', true), built.manifest)).toEqual([]);
});

test('its ja and zh localization files validate against the bundled localization schema', () => {
  const validate = compile('MicrosoftTeams.Localization.schema.json', false);
  expect(Object.keys(built.localizations)).toEqual(['manifest-ja.json', 'manifest-zh.json']);
  for (const strings of Object.values(built.localizations)) {
    expect(errorsOf(validate, strings)).toEqual([]);
    for (const value of Object.values(strings)) expect(value).toBeTruthy();
  }
  expect(built.localizations['manifest-ja.json']['extensions[0].ribbons[0].tabs[0].groups[0].controls[0].label']).toBe('検索とインポート');
});

test('the schema check refuses a broken manifest (it validates, it does not pass everything)', () => {
  const broken = { ...built.manifest, id: 'not-a-guid', accentColor: 'blue' };
  expect(errorsOf(compile('MicrosoftTeams.schema.json', true), broken).join('\n')).toMatch(/\/id[\s\S]*\/accentColor|\/accentColor[\s\S]*\/id/);
});

test('carries the same id, URLs, namespace and functions as manifest.xml and functions.json', () => {
  const { facts } = checkManifestXml(XML, { root: ROOT });
  const json = JSON.stringify(built.manifest);
  expect(built.manifest.id).toBe(/<Id>([^<]+)<\/Id>/.exec(XML)![1]);
  // The unified manifest has its own icons (colour, outline) and carries the functions inline.
  const elsewhere = ['<IconUrl>', '<HighResolutionIconUrl>', 'Url Functions.Metadata.Url'];
  const shared = facts.urls.filter(({ where }) => !elsewhere.includes(where));
  expect(shared.length).toBeGreaterThan(20);
  for (const { url } of shared) expect(json).toContain(url);
  const runtime = built.manifest.extensions[0].runtimes[0];
  expect(runtime.customFunctions.namespace.id).toBe('PART');
  expect(runtime.customFunctions.functions.map((f) => [f.id, f.name])).toEqual(metadata.functions.map((f) => [f.id, f.name]));
  for (const fn of runtime.customFunctions.functions) expect(fn.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
  expect(json).toContain(`"learnMoreUrl":"${DEV_URL}support.html"`);
  expect(json).toContain('{"name":"ExcelApi","minVersion":"1.9"}');
});

test('its icons are the sizes the schema asks for: colour 192×192, outline 32×32 white on transparent', () => {
  const icons = built.manifest.icons as { color: string; outline: string };
  expect(readPngSize(path.join(ROOT, icons.color))).toEqual({ width: 192, height: 192 });
  expect(readPngSize(path.join(ROOT, icons.outline))).toEqual({ width: 32, height: 32 });
});

test('manifest.json and its localization files beside manifest.xml are what the generator writes today', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generateFiles, formatJson } = require('../../scripts/unified-manifest') as { generateFiles(root: string): Promise<Record<string, unknown>>; formatJson(json: unknown): string };
  const files = await generateFiles(ROOT);
  expect(Object.keys(files)).toEqual(['manifest.json', 'manifest-ja.json', 'manifest-zh.json']);
  for (const [name, json] of Object.entries(files)) {
    expect([name, fs.readFileSync(path.join(ROOT, name), 'utf8')]).toEqual([name, formatJson(json)]);
  }
});
