/**
 * Jest's TypeScript (and ES-module-only package) transform: esbuild, one file at a time, to
 * CommonJS. Types are checked once by `npm run typecheck`, never per test file, so a transform
 * that only strips them suffices; esbuild does it in a small fraction of the processor time
 * TypeScript's own compiler took (about 9 s of a cold run per 750 files), which every fresh clone
 * and every changed file pays.
 *
 * The options keep the semantics tsconfig.json gives the code: class fields assigned as with a
 * pre-ES2022 target (useDefineForClassFields off), the automatic JSX runtime, and default imports
 * of CommonJS modules as esModuleInterop reads them. Nothing is lowered below Node's own syntax.
 */
const crypto = require('crypto');
const path = require('path');
const { transformSync, version } = require('esbuild');

const TSCONFIG = { compilerOptions: { useDefineForClassFields: false, jsx: 'react-jsx', esModuleInterop: true, importsNotUsedAsValues: 'remove', verbatimModuleSyntax: false } };
const OPTIONS_KEY = JSON.stringify({ version, TSCONFIG, node: process.versions.node });

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.cts': 'ts', '.jsx': 'jsx' };

module.exports = {
  canInstrument: false,
  getCacheKey(source, filename) {
    return crypto.createHash('sha256').update(OPTIONS_KEY).update('\0').update(filename).update('\0').update(source).digest('hex');
  },
  process(source, filename) {
    const result = transformSync(source, {
      loader: LOADERS[path.extname(filename)] ?? 'js',
      format: 'cjs',
      target: `node${process.versions.node.split('.')[0]}`,
      platform: 'node',
      sourcefile: filename,
      sourcemap: 'external',
      sourcesContent: false,
      tsconfigRaw: TSCONFIG,
      jsx: 'automatic',
      // import() becomes a require in a promise, as TypeScript's CommonJS output has it: jest runs no ES modules.
      supported: { 'dynamic-import': false },
      logLevel: 'silent',
    });
    return { code: result.code, map: result.map };
  },
};
