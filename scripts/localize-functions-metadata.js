/**
 * Localized custom-functions metadata. Excel reads function and parameter descriptions from the
 * metadata file the manifest names, and takes a per-locale file from a `<bt:Override Locale=…>`
 * of that URL. The metadata generator reads only the English JSDoc, so the ja and zh files are
 * made here from the generated functions.json and the translation tables in
 * src/functions/locales/. Ids and names stay as they are: only the help text is translated,
 * so formulas read the same in every language.
 */
const fs = require('fs');
const path = require('path');

/**
 * The functions that return a data type (an entity card). custom-functions-metadata writes
 * `allowCustomDataForDataTypeAny: true` into every metadata file it makes; it is set here from
 * this list instead, so it is there only while a function needs it. Hosts with
 * CustomFunctionsRuntime 1.4 read it (and then pass data-type cells to `any` parameters as
 * objects: src/functions/arguments.ts reads their text); older hosts ignore it, and PART.CARD
 * returns plain values there (src/functions/runtime.ts).
 */
const DATA_TYPE_FUNCTIONS = ['CARD'];

/** The metadata with the data-type flag as DATA_TYPE_FUNCTIONS decides (first among its keys). */
function settleDataTypeFlag(metadata) {
  const { allowCustomDataForDataTypeAny: _generated, ...rest } = metadata;
  const needed = rest.functions.some((f) => DATA_TYPE_FUNCTIONS.includes(f.id));
  return needed ? { allowCustomDataForDataTypeAny: true, ...rest } : rest;
}

/** Locale files next to the functions, and the metadata file each becomes. */
const LOCALES = {
  ja: { table: 'src/functions/locales/ja.json', output: 'functions-ja.json' },
  zh: { table: 'src/functions/locales/zh.json', output: 'functions-zh.json' },
};

/**
 * The metadata with descriptions replaced from `table` ({ [id]: { description, parameters: {
 * [name]: description } } }). Throws when a function or parameter has no translation, or the
 * table names one that does not exist, so a new function cannot ship half translated.
 * @param {{ functions: Array<{ id: string, description?: string, parameters?: Array<{ name: string, description?: string }> }> }} metadata
 * @param {Record<string, { description: string, parameters?: Record<string, string> }>} table
 * @param {string} locale for messages
 */
function localizeFunctionsMetadata(metadata, table, locale) {
  const problems = [];
  const ids = new Set(metadata.functions.map((f) => f.id));
  for (const id of Object.keys(table)) if (!ids.has(id)) problems.push(`${locale}: ${id} is not a function`);
  const functions = metadata.functions.map((fn) => {
    const entry = table[fn.id];
    if (!entry || !entry.description) {
      problems.push(`${locale}: ${fn.id} has no description`);
      return fn;
    }
    const names = new Set((fn.parameters || []).map((p) => p.name));
    for (const name of Object.keys(entry.parameters || {})) {
      if (!names.has(name)) problems.push(`${locale}: ${fn.id} has no parameter ${name}`);
    }
    const parameters = (fn.parameters || []).map((p) => {
      const description = (entry.parameters || {})[p.name];
      if (!description) problems.push(`${locale}: ${fn.id}(${p.name}) has no description`);
      return description ? { ...p, description } : p;
    });
    return { ...fn, description: entry.description, ...(fn.parameters ? { parameters } : {}) };
  });
  if (problems.length > 0) throw new Error(`Untranslated custom-function metadata:\n${problems.join('\n')}`);
  return { ...metadata, functions };
}

/** Reads a locale's translation table from the project root. */
function readLocaleTable(root, locale) {
  return JSON.parse(fs.readFileSync(path.join(root, LOCALES[locale].table), 'utf8'));
}

/**
 * Webpack plugin: after the metadata plugin has emitted `source`, settles its data-type flag and
 * emits one localized copy per locale (functions-ja.json, functions-zh.json) beside it.
 */
class LocalizedFunctionsMetadataPlugin {
  /** @param {{ source?: string, root?: string }} [options] source defaults to functions.json, root to the working directory */
  constructor(options = {}) {
    this.source = options.source || 'functions.json';
    this.root = options.root || process.cwd();
  }

  apply(compiler) {
    const name = 'LocalizedFunctionsMetadataPlugin';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const asset = compilation.getAsset(this.source);
        if (!asset) {
          compilation.errors.push(new compiler.webpack.WebpackError(`${name}: ${this.source} was not emitted`));
          return;
        }
        const metadata = settleDataTypeFlag(JSON.parse(asset.source.source().toString()));
        compilation.updateAsset(this.source, new sources.RawSource(JSON.stringify(metadata, null, 4)));
        for (const locale of Object.keys(LOCALES)) {
          try {
            compilation.fileDependencies.add(path.join(this.root, LOCALES[locale].table));
            const localized = localizeFunctionsMetadata(metadata, readLocaleTable(this.root, locale), locale);
            compilation.emitAsset(LOCALES[locale].output, new sources.RawSource(JSON.stringify(localized, null, 4)));
          } catch (error) {
            compilation.errors.push(new compiler.webpack.WebpackError(`${name}: ${error.message}`));
          }
        }
      });
    });
  }
}

module.exports = { DATA_TYPE_FUNCTIONS, settleDataTypeFlag, LOCALES, localizeFunctionsMetadata, readLocaleTable, LocalizedFunctionsMetadataPlugin };
