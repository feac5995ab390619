/**
 * One shared-runtime page (taskpane.html) loads the functions, commands and taskpane bundles, so
 * the manifest's Runtime, taskpane, FunctionFile and custom-functions Page all point at it. Excel
 * loads that page whenever a workbook using =PART.* opens, pane shown or not, so the page runs
 * functions first: the taskpane entry is a small loader, and the UI (React, Fluent) is a chunk of
 * its own fetched when the pane is shown (src/taskpane/index.tsx). Production builds share one
 * webpack runtime and split the modules the entries have in common, so nothing loads twice.
 *
 * Environment:
 *   PARTSPEC_ADDIN_URL         production hosting URL; when set, `npm run build` also emits
 *                              dist/manifest.prod.xml with https://localhost:3000/ replaced by it.
 *   PARTSPEC_DEFAULT_BASE_URL  API base URL compiled in as the default (settings can override it).
 *   PARTSPEC_SUPPORT_CONTACT   who users reach from support.html (the manifest's SupportUrl): an
 *                              e-mail address, an https URL or a sentence.
 *   PARTSPEC_DEV_PORT          the dev server's port (default 3000; the served manifest.xml names it).
 *   PARTSPEC_EMULATOR_PORT     the local emulator's port in the development default base URL (default 4010).
 *   PARTSPEC_OFFICE_JS         where taskpane.html loads office.js from: `cdn` (the default for
 *                              production builds: Microsoft's CDN, as Office requires for add-ins
 *                              published through AppSource, and the copy that gets Office's fixes)
 *                              or `local` (the default for development builds, the workbench and
 *                              the tests: a copy from @microsoft/office-js in dist/assets/office-js,
 *                              for air-gapped internal deployments served by `partspec serve`).
 *                              `webpack --env officeJs=local` does the same.
 */
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');
const { LocalizedFunctionsMetadataPlugin } = require('./scripts/localize-functions-metadata');
const { BuildStampPlugin } = require('./scripts/build-stamp');
const { renderSupportPage } = require('./scripts/support-page');
const { buildUnifiedManifest } = require('./scripts/unified-manifest');
const fs = require('fs');

/**
 * Emits the unified manifest (manifest.json with its ja and zh localization files) from
 * manifest.xml and the generated functions.json, once that has its final form; with a hosting
 * URL, manifest.prod.json beside manifest.prod.xml. Its localization files name no URL, so the
 * production manifest shares them.
 */
class UnifiedManifestPlugin {
  constructor({ transform, prodUrl }) {
    this.transform = transform;
    this.prodUrl = prodUrl;
  }

  apply(compiler) {
    const name = 'UnifiedManifestPlugin';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        const functions = compilation.getAsset('functions.json');
        if (!functions) return;
        const metadata = JSON.parse(functions.source.source().toString());
        const file = path.resolve(__dirname, 'manifest.xml');
        compilation.fileDependencies.add(file);
        const xml = this.transform(fs.readFileSync(file, 'utf8'));
        const emit = (asset, json) => compilation.emitAsset(asset, new sources.RawSource(`${JSON.stringify(json, null, 2)}\n`));
        const { manifest, localizations } = buildUnifiedManifest(xml, metadata, { version });
        emit('manifest.json', manifest);
        for (const [asset, strings] of Object.entries(localizations)) emit(asset, strings);
        if (this.prodUrl) emit('manifest.prod.json', buildUnifiedManifest(xml.split(DEV_URL).join(this.prodUrl), metadata, { version }).manifest);
      });
    });
  }
}
const { version } = require('./package.json');

const DEV_URL = 'https://localhost:3000/';
const DEV_PORT = Number(process.env.PARTSPEC_DEV_PORT) || 3000;
const DEV_API_BASE_URL = `http://127.0.0.1:${Number(process.env.PARTSPEC_EMULATOR_PORT) || 4010}`;
const OFFICE_JS_DIR = 'assets/office-js';
/** Microsoft's documented reference for add-ins (server/hosting/security-headers.ts allows it). */
const OFFICE_JS_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/** `cdn` or `local`, from --env officeJs=…, else PARTSPEC_OFFICE_JS, else by mode; anything else fails the build. */
function readOfficeJs(env, dev) {
  const value = (env && env.officeJs) || process.env.PARTSPEC_OFFICE_JS || (dev ? 'local' : 'cdn');
  if (value !== 'cdn' && value !== 'local') throw new Error(`PARTSPEC_OFFICE_JS must be cdn or local, got ${value}`);
  return value;
}

/** Normalizes PARTSPEC_ADDIN_URL to an https URL ending in a slash, or fails the build. */
function readAddinUrl(value) {
  if (!value) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'https:') {
    throw new Error(`PARTSPEC_ADDIN_URL must be an https URL, got ${value}`);
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

module.exports = (env, argv) => {
  const dev = argv.mode !== 'production';
  const officeJs = readOfficeJs(env, dev);
  const officeJsSrc = officeJs === 'cdn' ? OFFICE_JS_CDN : `${OFFICE_JS_DIR}/office.js`;
  const addinUrl = readAddinUrl(process.env.PARTSPEC_ADDIN_URL);

  const entry = {
    functions: './src/functions/functions.ts',
    commands: './src/commands/commands.ts',
    taskpane: './src/taskpane/index.tsx',
  };
  // The workbench (Excel stand-ins around the add-in) is in every development build, and in a
  // production build made with `--env workbench`: what the browser tests drive, with React in its
  // production mode and built from the cache `npm run build` just filled, but not minified (a test
  // build: minifying it cost about a third of its processor time).
  const workbench = dev || Boolean(env && env.workbench);
  if (workbench) entry.workbench = './src/workbench/index.tsx';

  const devManifest = (content) => content.toString().split(DEV_URL).join(`https://localhost:${DEV_PORT}/`);
  const manifestCopies = [{ from: 'manifest.xml', to: 'manifest.xml', ...(dev && DEV_PORT !== 3000 ? { transform: devManifest } : {}) }];
  if (addinUrl && !dev) {
    manifestCopies.push({
      from: 'manifest.xml',
      to: 'manifest.prod.xml',
      transform: (content) =>
        content.toString().replace(/<!--[\s\S]*?-->\s*/g, '').split(DEV_URL).join(addinUrl),
    });
  }

  return {
    mode: dev ? 'development' : 'production',
    devtool: dev ? 'source-map' : false,
    // Webpack's own cache of built and minified modules (node_modules/.cache/webpack, one per mode):
    // a build of unchanged sources with the other office.js option, or a rebuild after a small
    // change, reuses what did not change. A change to this file starts it afresh.
    cache: { type: 'filesystem', buildDependencies: { config: [__filename] } },
    entry,
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
      ],
    },
    performance: { hints: false },
    optimization: dev
      ? {}
      : {
          runtimeChunk: 'single',
          splitChunks: { chunks: 'all' },
          minimize: !workbench,
        },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.PARTSPEC_DEV': JSON.stringify(dev ? 'true' : 'false'),
        'process.env.PARTSPEC_VERSION': JSON.stringify(version),
        'process.env.PARTSPEC_DEFAULT_BASE_URL': JSON.stringify(
          // Development builds talk to the local emulator; production builds only know the address
          // they were built with, otherwise the user must enter one in Settings.
          process.env.PARTSPEC_DEFAULT_BASE_URL || (dev ? DEV_API_BASE_URL : ''),
        ),
      }),
      new CustomFunctionsMetadataPlugin({
        output: 'functions.json',
        input: './src/functions/functions.ts',
      }),
      new LocalizedFunctionsMetadataPlugin(),
      // What this bundle was built from (scripts/build-stamp.js): the tests reuse a build whose stamp they expect.
      new BuildStampPlugin(dev ? 'development' : 'production', officeJs),
      new UnifiedManifestPlugin({ transform: (xml) => (dev ? devManifest(xml) : xml), prodUrl: !dev && addinUrl }),
      new HtmlWebpackPlugin({
        filename: 'taskpane.html',
        template: './src/taskpane/taskpane.html',
        officeJsSrc,
        chunks: ['functions', 'commands', 'taskpane'],
      }),
      new HtmlWebpackPlugin({
        filename: 'support.html',
        templateContent: () => renderSupportPage({ version, contact: process.env.PARTSPEC_SUPPORT_CONTACT }),
        inject: false,
        minify: false,
      }),
      ...(workbench
        ? [
            new HtmlWebpackPlugin({
              filename: 'workbench.html',
              template: './src/workbench/workbench.html',
              // The workbench bundle installs the Excel stand-ins before the add-in's bundles run.
              chunks: ['workbench', 'functions', 'commands', 'taskpane'],
              chunksSortMode: 'manual',
            }),
          ]
        : []),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          // The workbench opens README's demo BOM, as a newcomer would in Excel.
          ...(workbench ? [{ from: 'assets/demo-bom.xlsx', to: 'assets/[name][ext]' }] : []),
          ...manifestCopies,
          ...(officeJs === 'local'
            ? [
                {
                  // Already minified upstream; re-minifying ~370 files would dominate the build time.
                  from: 'node_modules/@microsoft/office-js/dist',
                  to: OFFICE_JS_DIR,
                  info: { minimized: true },
                  globOptions: { ignore: ['**/*.debug.js', '**/*-vsdoc.js', '**/*.d.ts'] },
                },
              ]
            : []),
        ],
      }),
    ],
    devServer: {
      port: DEV_PORT,
      server: { type: 'https' },
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: { directory: path.resolve(__dirname, 'dist') },
      client: { overlay: { warnings: false } },
    },
  };
};
