/**
 * The unified manifest for Microsoft 365 (manifest.json) beside manifest.xml, generated from the
 * same source: the ids, URLs, ribbon, strings and their ja/zh translations are read from
 * manifest.xml, the custom functions from the generated functions.json. Excel on the web, on
 * Windows from Version 2501 and on Mac from 16.103 take it; perpetual Office takes manifest.xml.
 * webpack.config.js emits dist/manifest.json (and manifest-ja.json, manifest-zh.json, its
 * localization files) from here; test/manifest/unified-manifest.test.ts validates it against the
 * schemas @microsoft/app-manifest bundles (a dependency of office-addin-manifest).
 */
const { parseXml, localName, findAll, findFirst } = require('./manifest-xml');
const { SUPPORT_PAGE } = require('./manifest-check');

/** The schema version written (its copy is bundled in @microsoft/app-manifest). */
const MANIFEST_VERSION = '1.24';
const SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.schema.json`;
const LOCALIZATION_SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.Localization.schema.json`;
const LANGUAGES = { 'ja-JP': 'ja-jp', 'zh-CN': 'zh-cn' };
const ACCENT_COLOR = '#1F5FA8';
/** The keys of a function parameter the unified manifest takes. */
const PARAMETER_KEYS = ['name', 'description', 'type', 'dimensionality', 'optional', 'repeating'];

/** The resources of manifest.xml by id: `{ value, overrides: { 'ja-JP': … } }`. */
function readResources(app) {
  const resources = new Map();
  const block = findFirst(app, 'Resources');
  for (const element of findAll(block, 'Image').concat(findAll(block, 'Url'), findAll(block, 'String'))) {
    if (!element.attrs.id) continue;
    const overrides = Object.fromEntries(element.children.filter((c) => localName(c) === 'Override').map((c) => [c.attrs.Locale, c.attrs.Value]));
    resources.set(element.attrs.id, { value: element.attrs.DefaultValue, overrides });
  }
  return resources;
}

/** `<Element DefaultValue>` with its `<Override>`s. */
function readLocalized(element) {
  return {
    value: element.attrs.DefaultValue,
    overrides: Object.fromEntries(element.children.filter((c) => localName(c) === 'Override').map((c) => [c.attrs.Locale, c.attrs.Value])),
  };
}

/** Most characters of a function's or a parameter's description in the unified manifest. */
const DESCRIPTION_MAX = 128;

/** A description within DESCRIPTION_MAX: its first sentence, cut at a word if still too long. */
function shortDescription(text) {
  if (!text || text.length <= DESCRIPTION_MAX) return text;
  const sentence = text.split(/(?<=\.)\s/)[0];
  if (sentence.length <= DESCRIPTION_MAX) return sentence;
  return `${sentence.slice(0, sentence.lastIndexOf(' ', DESCRIPTION_MAX - 2))}…`;
}

/**
 * A function of functions.json as the unified manifest writes it: descriptions within its 128
 * characters (the full help stays in functions.json), the result without a type.
 */
function toManifestFunction(fn) {
  const parameters = (fn.parameters || []).map((p) =>
    Object.fromEntries(PARAMETER_KEYS.filter((k) => p[k] !== undefined).map((k) => [k, k === 'description' ? shortDescription(p[k]) : p[k]])),
  );
  const result = fn.result && fn.result.dimensionality ? { dimensionality: fn.result.dimensionality } : {};
  return { id: fn.id, name: fn.name, description: shortDescription(fn.description), parameters, result };
}

/**
 * The unified manifest and its localization files from manifest.xml's text and functions.json.
 * @param {string} xml manifest.xml (development or production URLs alike)
 * @param {{ allowCustomDataForDataTypeAny?: boolean, functions: object[] }} functions the generated metadata
 * @param {{ version: string }} pkg package.json (the manifest's semver version)
 * @returns {{ manifest: object, localizations: Record<string, object> }} localizations by file name
 */
function buildUnifiedManifest(xml, functions, pkg) {
  const app = parseXml(xml);
  const resources = readResources(app);
  const text = (name) => findFirst(app, name).text.trim();
  const resource = (id) => resources.get(id);
  const url = (id) => resource(id).value;
  const displayName = readLocalized(findFirst(app, 'DisplayName'));
  const description = readLocalized(findFirst(app, 'Description'));
  const base = url('Taskpane.Url').replace(/[^/]*$/, '');
  const support = `${base}${SUPPORT_PAGE}`;
  const sets = findAll(findFirst(app, 'Requirements'), 'Set').map((s) => ({ name: s.attrs.Name, minVersion: s.attrs.MinVersion }));

  const customFunctionsPoint = findAll(app, 'ExtensionPoint').find((e) => e.attrs['xsi:type'] === 'CustomFunctions');
  const namespace = resource(findFirst(customFunctionsPoint, 'Namespace').attrs.resid).value;
  const group = findFirst(app, 'Group');
  const icons = (element) => findAll(findFirst(element, 'Icon'), 'Image').map((i) => ({ size: Number(i.attrs.size), url: url(i.attrs.resid) }));
  const controls = group.children.filter((c) => localName(c) === 'Control');
  const actionOf = (control) => {
    const action = findFirst(control, 'Action');
    return action.attrs['xsi:type'] === 'ShowTaskpane'
      ? { id: findFirst(action, 'TaskpaneId').text.trim(), type: 'openPage', view: 'taskpane' }
      : { id: findFirst(action, 'FunctionName').text.trim(), type: 'executeFunction' };
  };
  const actions = controls.map(actionOf);
  const getStarted = findFirst(app, 'GetStarted');

  const manifest = {
    $schema: SCHEMA_URL,
    manifestVersion: MANIFEST_VERSION,
    version: pkg.version,
    id: text('Id'),
    developer: {
      name: text('ProviderName'),
      websiteUrl: support,
      privacyUrl: `${support}#privacy`,
      termsOfUseUrl: `${support}#terms`,
    },
    name: { short: displayName.value, full: displayName.value },
    description: { short: description.value.split(':')[0], full: description.value },
    icons: { color: 'assets/icon-192.png', outline: 'assets/outline-32.png' },
    accentColor: ACCENT_COLOR,
    localizationInfo: {
      defaultLanguageTag: 'en-us',
      additionalLanguages: Object.values(LANGUAGES).map((tag) => ({ languageTag: tag, file: `manifest-${tag.slice(0, 2)}.json` })),
    },
    validDomains: [new URL(base).host],
    authorization: { permissions: { resourceSpecific: [{ name: 'Document.ReadWrite.User', type: 'Delegated' }] } },
    extensions: [
      {
        requirements: { scopes: ['workbook'], capabilities: sets.filter((s) => s.name === 'ExcelApi') },
        runtimes: [
          {
            id: 'SharedRuntime',
            type: 'general',
            requirements: { capabilities: sets.filter((s) => s.name !== 'ExcelApi') },
            code: { page: url('Taskpane.Url'), script: url('Functions.Script.Url') },
            lifetime: 'long',
            actions,
            customFunctions: {
              ...(functions.allowCustomDataForDataTypeAny ? { allowCustomDataForDataTypeAny: true } : {}),
              namespace: { id: namespace, name: namespace },
              functions: functions.functions.map(toManifestFunction),
            },
          },
        ],
        ribbons: [
          {
            contexts: ['default'],
            tabs: [
              {
                builtInTabId: findFirst(app, 'OfficeTab').attrs.id,
                groups: [
                  {
                    id: group.attrs.id.replace(/\W/g, ''),
                    label: resource(findFirst(group, 'Label').attrs.resid).value,
                    icons: icons(group),
                    controls: controls.map((control, i) => ({
                      id: control.attrs.id.replace(/\W/g, ''),
                      type: 'button',
                      label: resource(findFirst(control, 'Label').attrs.resid).value,
                      icons: icons(control),
                      supertip: {
                        title: resource(findFirst(findFirst(control, 'Supertip'), 'Title').attrs.resid).value,
                        description: resource(findFirst(findFirst(control, 'Supertip'), 'Description').attrs.resid).value,
                      },
                      actionId: actions[i].id,
                    })),
                  },
                ],
              },
            ],
          },
        ],
        getStartedMessages: [
          {
            title: resource(findFirst(getStarted, 'Title').attrs.resid).value,
            description: resource(findFirst(getStarted, 'Description').attrs.resid).value,
            learnMoreUrl: url(findFirst(getStarted, 'LearnMoreUrl').attrs.resid),
          },
        ],
      },
    ],
  };

  const localizations = {};
  for (const [locale, tag] of Object.entries(LANGUAGES)) {
    const say = (id) => resource(id).overrides[locale];
    const strings = {
      $schema: LOCALIZATION_SCHEMA_URL,
      'name.short': displayName.overrides[locale],
      'name.full': displayName.overrides[locale],
      'description.short': description.overrides[locale].split(/[:：]/)[0],
      'description.full': description.overrides[locale],
      'extensions[0].ribbons[0].tabs[0].groups[0].label': say(findFirst(group, 'Label').attrs.resid),
      'extensions[0].getStartedMessages[0].title': say(findFirst(getStarted, 'Title').attrs.resid),
      'extensions[0].getStartedMessages[0].description': say(findFirst(getStarted, 'Description').attrs.resid),
    };
    controls.forEach((control, i) => {
      const at = `extensions[0].ribbons[0].tabs[0].groups[0].controls[${i}]`;
      strings[`${at}.label`] = say(findFirst(control, 'Label').attrs.resid);
      strings[`${at}.supertip.title`] = say(findFirst(findFirst(control, 'Supertip'), 'Title').attrs.resid);
      strings[`${at}.supertip.description`] = say(findFirst(findFirst(control, 'Supertip'), 'Description').attrs.resid);
    });
    localizations[`manifest-${tag.slice(0, 2)}.json`] = strings;
  }
  return { manifest, localizations };
}

module.exports = { MANIFEST_VERSION, DESCRIPTION_MAX, buildUnifiedManifest };

/**
 * `npm run manifest:json`: writes manifest.json and its localization files beside manifest.xml,
 * from manifest.xml and the functions' JSDoc (through the same generator as the build).
 * test/manifest/unified-manifest.test.ts fails while the committed files differ from these.
 */
async function generateFiles(root) {
  const fs = require('fs');
  const path = require('path');
  const { generateCustomFunctionsMetadata } = require('custom-functions-metadata');
  const { settleDataTypeFlag } = require('./localize-functions-metadata');
  const generated = await generateCustomFunctionsMetadata([path.join(root, 'src/functions/functions.ts')], false);
  if (generated.errors.length > 0) throw new Error(generated.errors.join('\n'));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const { manifest, localizations } = buildUnifiedManifest(fs.readFileSync(path.join(root, 'manifest.xml'), 'utf8'), settleDataTypeFlag(JSON.parse(generated.metadataJson)), pkg);
  return { 'manifest.json': manifest, ...localizations };
}

/** The files' text as written. */
function formatJson(json) {
  return `${JSON.stringify(json, null, 2)}\n`;
}

module.exports.generateFiles = generateFiles;
module.exports.formatJson = formatJson;

if (require.main === module) {
  const fs = require('fs');
  const path = require('path');
  const root = path.resolve(__dirname, '..');
  generateFiles(root).then(
    (files) => {
      for (const [name, json] of Object.entries(files)) {
        fs.writeFileSync(path.join(root, name), formatJson(json));
        console.log(name);
      }
    },
    (error) => {
      console.error(`manifest:json: ${error.message}`);
      process.exitCode = 1;
    },
  );
}

/**
 * Problems of a unified manifest and its localization files against the schemas bundled in
 * @microsoft/app-manifest (office-addin-manifest's dependency), offline: a list of sentences.
 */
function validateOffline(files) {
  const fs = require('fs');
  const path = require('path');
  const appManifest = path.dirname(require.resolve('@microsoft/app-manifest/package.json', { paths: [path.dirname(require.resolve('office-addin-manifest/package.json'))] }));
  const Ajv = require(require.resolve('ajv-draft-04', { paths: [appManifest] }));
  const schemas = path.join(appManifest, 'build/json-schemas/teams', `v${MANIFEST_VERSION}`);
  const compile = (file, unicodeRegExp) =>
    new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp }).compile(JSON.parse(fs.readFileSync(path.join(schemas, file), 'utf8')));
  const problems = [];
  for (const [name, json] of Object.entries(files)) {
    // The localization schema's key patterns are not valid as Unicode regular expressions.
    const validate = name === 'manifest.json' ? compile('MicrosoftTeams.schema.json', true) : compile('MicrosoftTeams.Localization.schema.json', false);
    if (!validate(json)) for (const e of validate.errors) problems.push(`${name}${e.instancePath} ${e.message}`);
  }
  return problems;
}

module.exports.validateOffline = validateOffline;
