/**
 * Structural checks of manifest.xml that need no network: shared by `npm run validate` and
 * test/manifest. The XML they read it with is scripts/manifest-xml.js.
 */
const fs = require('fs');
const path = require('path');
const { parseXml, localName, findAll, findFirst, findAllWithResid } = require('./manifest-xml');

const DEV_URL = 'https://localhost:3000/';
const LOCALES = ['ja-JP', 'zh-CN'];
const REQUIRED_SETS = ['SharedRuntime', 'CustomFunctionsRuntime', 'ExcelApi'];
/**
 * The add-in icons of a task pane add-in, per the manifest reference: IconUrl 32×32 and
 * HighResolutionIconUrl 64×64 (PNG); the store rejects other sizes.
 */
const ADDIN_ICON_SIZES = [['IconUrl', 32], ['HighResolutionIconUrl', 64]];
/** The page the SupportUrl and the Get Started LearnMoreUrl name (scripts/support-page.js). */
const SUPPORT_PAGE = 'support.html';
const NAMESPACE = 'PART';
/** Files the webpack build emits at the root of dist/, besides assets/. */
const BUILD_PAGES = ['taskpane.html', SUPPORT_PAGE, 'functions.js', 'functions.json', 'functions-ja.json', 'functions-zh.json', 'commands.js'];

/** Reads the width and height of a PNG file, or undefined if it is not a PNG. */
function readPngSize(file) {
  const bytes = fs.readFileSync(file);
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The ribbon action ids registered with `Office.actions.associate('id', …)` in a source file. */
function readAssociatedActions(source) {
  return [...source.matchAll(/Office\.actions\.associate\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

/**
 * Checks manifest text. Returns `{ problems, facts }`: `problems` is a list of sentences (empty when
 * the manifest is sound); `facts` holds what was read, for tests and reports.
 *
 * @param {string} xml manifest text
 * @param {object} [options]
 * @param {string} [options.root] project folder; assets/ and the commands file are read from it
 * @param {string} [options.baseUrl] the URL every manifest URL must start with; @default DEV_URL
 * @param {string} [options.commandsFile] @default 'src/commands/commands.ts'
 */
function checkManifestXml(xml, options = {}) {
  const root = options.root || path.resolve(__dirname, '..');
  const baseUrl = (options.baseUrl || DEV_URL).replace(/\/?$/, '/');
  const commandsFile = path.resolve(root, options.commandsFile || 'src/commands/commands.ts');
  const problems = [];
  const facts = {};

  let app;
  try {
    app = parseXml(xml);
  } catch (error) {
    return { problems: [`manifest.xml does not parse: ${error.message}`], facts };
  }
  if (localName(app) !== 'OfficeApp') problems.push(`root element is <${app.name}>, not <OfficeApp>`);

  // Resources, by kind.
  const resources = { Image: new Map(), Url: new Map(), String: new Map() };
  const resourceBlock = findFirst(app, 'Resources');
  if (!resourceBlock) problems.push('VersionOverrides has no <Resources>');
  for (const [kind, container] of [['Image', 'Images'], ['Url', 'Urls'], ['String', 'ShortStrings'], ['String', 'LongStrings']]) {
    const block = resourceBlock && findFirst(resourceBlock, container);
    for (const element of block ? block.children.filter((c) => localName(c) === (kind === 'String' ? 'String' : kind)) : []) {
      const id = element.attrs.id;
      if (!id) {
        problems.push(`a <${element.name}> in <${container}> has no id (line ${element.line})`);
        continue;
      }
      if (resources[kind].has(id)) problems.push(`resource id ${id} is defined twice`);
      resources[kind].set(id, { value: element.attrs.DefaultValue, element, container });
    }
  }

  // Every resid resolves to a resource of the kind its element needs.
  const versionOverrides = findFirst(app, 'VersionOverrides');
  if (!versionOverrides) problems.push('no <VersionOverrides>');
  const referenced = new Set();
  for (const element of versionOverrides ? findAllWithResid(versionOverrides) : []) {
    const id = element.attrs.resid;
    const kind = expectedKind(element);
    referenced.add(id);
    if (!resources[kind].has(id)) {
      const other = Object.keys(resources).find((k) => resources[k].has(id));
      problems.push(
        other
          ? `<${element.name} resid="${id}"> needs a ${kind} resource but ${id} is a ${other} (line ${element.line})`
          : `<${element.name} resid="${id}"> does not resolve to any resource (line ${element.line})`,
      );
    }
  }
  facts.unreferencedResources = Object.values(resources)
    .flatMap((map) => [...map.keys()])
    .filter((id) => !referenced.has(id));
  for (const id of facts.unreferencedResources) problems.push(`resource ${id} is defined but never used`);

  // Shared runtime.
  const runtimes = findAll(app, 'Runtime');
  facts.runtimes = runtimes.map((r) => ({ resid: r.attrs.resid, lifetime: r.attrs.lifetime }));
  if (runtimes.length !== 1) problems.push(`expected one <Runtime>, found ${runtimes.length}`);
  const runtime = runtimes[0];
  if (runtime && runtime.attrs.lifetime !== 'long') problems.push('<Runtime> lifetime is not "long"');
  const runtimeUrl = runtime && resources.Url.get(runtime.attrs.resid);
  facts.runtimeUrl = runtimeUrl && runtimeUrl.value;

  // Custom functions: namespace, and script/page/metadata in the shared runtime.
  const customFunctions = findAll(app, 'ExtensionPoint').find((e) => e.attrs['xsi:type'] === 'CustomFunctions');
  if (!customFunctions) {
    problems.push('no CustomFunctions extension point');
  } else {
    const namespace = findFirst(customFunctions, 'Namespace');
    const namespaceString = namespace && resources.String.get(namespace.attrs.resid);
    facts.namespace = namespaceString && namespaceString.value;
    if (facts.namespace !== NAMESPACE) problems.push(`custom functions namespace is ${facts.namespace}, not ${NAMESPACE}`);
    const location = (name) => {
      const block = findFirst(customFunctions, name);
      const source = block && findFirst(block, 'SourceLocation');
      const url = source && resources.Url.get(source.attrs.resid);
      return url && url.value;
    };
    facts.functions = { script: location('Script'), page: location('Page'), metadata: location('Metadata') };
    if (runtime && facts.functions.page !== facts.runtimeUrl) {
      problems.push('the custom functions <Page> is not the shared runtime page');
    }
  }
  const functionFile = findFirst(app, 'FunctionFile');
  if (!functionFile || !runtime || functionFile.attrs.resid !== runtime.attrs.resid) {
    problems.push('<FunctionFile> is not the shared runtime page');
  }

  // Requirement sets.
  const sets = findAll(app, 'Set').map((s) => s.attrs.Name);
  for (const name of REQUIRED_SETS) if (!sets.includes(name)) problems.push(`requirement set ${name} is missing`);
  const hosts = findAll(app, 'Host').map((h) => h.attrs.Name || h.attrs['xsi:type']);
  if (!hosts.includes('Workbook')) problems.push('the Workbook host is missing');

  // Ribbon buttons.
  facts.buttons = findAll(app, 'Control').map((control) => {
    const action = findFirst(control, 'Action');
    const label = findFirst(control, 'Label');
    const functionName = action && findFirst(action, 'FunctionName');
    const source = action && findFirst(action, 'SourceLocation');
    return {
      id: control.attrs.id,
      label: label && resources.String.get(label.attrs.resid) && resources.String.get(label.attrs.resid).value,
      action: action && action.attrs['xsi:type'],
      functionName: functionName && functionName.text.trim(),
      taskpaneId: action && findFirst(action, 'TaskpaneId') && findFirst(action, 'TaskpaneId').text.trim(),
      url: source && resources.Url.get(source.attrs.resid) && resources.Url.get(source.attrs.resid).value,
    };
  });
  let associated = [];
  try {
    associated = readAssociatedActions(fs.readFileSync(commandsFile, 'utf8'));
  } catch (error) {
    problems.push(`cannot read ${path.relative(root, commandsFile)}: ${error.message}`);
  }
  facts.associatedActions = associated;
  for (const button of facts.buttons) {
    if (button.action === 'ExecuteFunction' && !associated.includes(button.functionName)) {
      problems.push(`button ${button.id} runs ${button.functionName}, which ${path.relative(root, commandsFile)} never associates`);
    }
  }

  // URLs: all on the dev server, naming files the build emits.
  const urls = collectUrls(app, resources);
  facts.urls = urls;
  for (const { where, url } of urls) {
    if (!url.startsWith(baseUrl)) {
      problems.push(`${where} is ${url}, not under ${baseUrl}`);
      continue;
    }
    const file = new URL(url).pathname.slice(new URL(baseUrl).pathname.length);
    if (file.startsWith('assets/')) {
      if (!fs.existsSync(path.join(root, file))) problems.push(`${where} names ${file}, which does not exist`);
    } else if (!BUILD_PAGES.includes(file)) {
      problems.push(`${where} names ${file}, which the build does not emit`);
    }
  }

  // Icons: every image is a PNG of the size the manifest says.
  for (const [id, { value, element }] of resources.Image) {
    const file = value && value.startsWith(baseUrl) ? path.join(root, value.slice(baseUrl.length)) : undefined;
    if (!file || !fs.existsSync(file)) continue;
    const size = readPngSize(file);
    const declared = declaredImageSize(app, id);
    if (!size) problems.push(`image ${id} (${path.relative(root, file)}) is not a PNG (line ${element.line})`);
    else if (declared && (size.width !== declared || size.height !== declared)) {
      problems.push(`image ${id} is ${size.width}x${size.height} but used at size ${declared}`);
    }
  }
  facts.addinIcons = {};
  for (const [name, expected] of ADDIN_ICON_SIZES) {
    const element = findFirst(app, name);
    const value = element && element.attrs.DefaultValue;
    const file = value && value.startsWith(baseUrl) ? path.join(root, value.slice(baseUrl.length)) : undefined;
    if (!element) problems.push(`<${name}> is missing`);
    else if (file && fs.existsSync(file)) {
      const size = readPngSize(file);
      facts.addinIcons[name] = size;
      if (!size || size.width !== expected || size.height !== expected) {
        problems.push(`<${name}> should be a ${expected}x${expected} PNG, not ${size ? `${size.width}x${size.height}` : 'another format'}`);
      }
    }
  }

  // Support: the SupportUrl and the Get Started LearnMoreUrl name the support page, not the pane.
  const supportUrl = findFirst(app, 'SupportUrl');
  const learnMore = findFirst(app, 'LearnMoreUrl');
  const learnMoreUrl = learnMore && resources.Url.get(learnMore.attrs.resid);
  facts.supportUrl = supportUrl && supportUrl.attrs.DefaultValue;
  facts.learnMoreUrl = learnMoreUrl && learnMoreUrl.value;
  for (const [where, url] of [['<SupportUrl>', facts.supportUrl], ['<LearnMoreUrl>', facts.learnMoreUrl]]) {
    if (!url) problems.push(`${where} is missing`);
    else if (url !== `${baseUrl}${SUPPORT_PAGE}`) problems.push(`${where} is ${url}, not the support page ${baseUrl}${SUPPORT_PAGE}`);
  }
  facts.sets = Object.fromEntries(findAll(app, 'Set').map((s) => [s.attrs.Name, s.attrs.MinVersion]));

  // Localization: every user-visible string has ja-JP and zh-CN overrides.
  const namespaceElement = customFunctions && findFirst(customFunctions, 'Namespace');
  const namespaceId = namespaceElement && namespaceElement.attrs.resid;
  const localized = [
    ...app.children.filter((c) => ['DisplayName', 'Description'].includes(localName(c))),
    ...[...resources.String.values()].map((r) => r.element).filter((e) => e.attrs.id !== namespaceId),
  ];
  for (const element of localized) {
    const locales = element.children.filter((c) => localName(c) === 'Override').map((c) => c.attrs.Locale);
    for (const locale of LOCALES) {
      if (!locales.includes(locale)) {
        problems.push(`${element.attrs.id || localName(element)} has no ${locale} override (line ${element.line})`);
      }
    }
  }

  return { problems, facts };
}

/** The resource kind an element with a resid refers to. */
function expectedKind(element) {
  const name = localName(element);
  if (name === 'Image') return 'Image';
  if (['SourceLocation', 'Runtime', 'FunctionFile', 'LearnMoreUrl'].includes(name)) return 'Url';
  return 'String';
}

/** The size at which an image resource is used, from its `<bt:Image size=…>` references. */
function declaredImageSize(app, id) {
  const use = findAll(app, 'Image').find((e) => e.attrs.resid === id && e.attrs.size);
  return use ? Number(use.attrs.size) : undefined;
}

/** Every URL in the manifest with a phrase saying where it is. */
function collectUrls(app, resources) {
  const urls = [];
  for (const name of ['IconUrl', 'HighResolutionIconUrl', 'SupportUrl']) {
    const element = findFirst(app, name);
    if (element) urls.push({ where: `<${name}>`, url: element.attrs.DefaultValue });
  }
  const settings = findFirst(app, 'DefaultSettings');
  const source = settings && findFirst(settings, 'SourceLocation');
  if (source) urls.push({ where: 'DefaultSettings <SourceLocation>', url: source.attrs.DefaultValue });
  for (const kind of ['Image', 'Url']) {
    for (const [id, { value }] of resources[kind]) urls.push({ where: `${kind} ${id}`, url: value || '' });
  }
  return urls;
}

/** Reads and checks a manifest file. */
function checkManifestFile(file, options = {}) {
  return checkManifestXml(fs.readFileSync(file, 'utf8'), { root: path.dirname(path.resolve(file)), ...options });
}

module.exports = {
  DEV_URL,
  SUPPORT_PAGE,
  ADDIN_ICON_SIZES,
  readPngSize,
  LOCALES,
  NAMESPACE,
  parseXml,
  findAll,
  findFirst,
  readAssociatedActions,
  checkManifestXml,
  checkManifestFile,
};
