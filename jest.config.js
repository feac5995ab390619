/**
 * Jest runs TypeScript through esbuild, which only strips types (tsconfig has isolatedModules);
 * types are checked once by `npm run typecheck`, not per test file.
 *
 * The files are split into projects by what they cost (test/support/jest/projects.js): `pure`,
 * `services`, `processes`, `browser` and `slow`. `npm test` runs them all together, longest first
 * (test/support/jest/sequencer.js); `npx jest --selectProjects pure services` runs some.
 */
const { filesByKind } = require('./test/support/jest/projects');

/** TypeScript, JSX and the ES-module-only packages below, to CommonJS (esbuild-transform.js). */
const TRANSFORM = '<rootDir>/test/support/jest/esbuild-transform.js';

/** What every project shares. */
const common = {
  testEnvironment: 'node',
  // Each worker keeps V8's compiled code of the modules for its next files (cached-runtime.js).
  runtime: '<rootDir>/test/support/jest/cached-runtime.js',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.tsx?$': TRANSFORM,
    // office-addin-mock reaches strip-bom and uuid, @fastify/static content-disposition, and the terminal tables get-east-asian-width, which ship as ES modules only.
    '^.+\\.[cm]?js$': TRANSFORM,
  },
  transformIgnorePatterns: ['^(?!.*/node_modules/(strip-bom|uuid|content-disposition|get-east-asian-width)/).*/node_modules/'],
  // numfmt 4.0.1's package.json names a CommonJS file it does not ship; its CommonJS build is index.js.
  moduleNameMapper: { '^numfmt$': '<rootDir>/node_modules/numfmt/dist/index.js' },
  // One emulator catalog per worker, not per file; jest must not empty that store between files.
  setupFiles: ['<rootDir>/test/support/jest/shared-catalogs.js'],
  testEnvironmentOptions: { globalsCleanup: 'off' },
  // PARTSPEC_TEST_COSTS=FOLDER records each file's processor and wall seconds (costs.js).
  setupFilesAfterEnv: ['<rootDir>/test/support/jest/costs.js'],
};

/** Project-specific settings: the browser files share one Chromium and one development build per run. */
const EXTRA = {
  browser: {
    globalSetup: '<rootDir>/test/support/jest/browser-setup.ts',
    globalTeardown: '<rootDir>/test/support/jest/browser-teardown.ts',
  },
};

const byKind = filesByKind(__dirname);

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60000,
  testSequencer: '<rootDir>/test/support/jest/sequencer.js',
  // Most files wait on servers, child processes and Chromium: on two cores, two workers left them
  // idle about 40 % of the time, so more run while the others wait; four finished a fresh clone's
  // run about a twentieth sooner than three, twice (PARTSPEC_TEST_WORKERS sets another number,
  // e.g. for a machine with more cores).
  maxWorkers: Number(process.env.PARTSPEC_TEST_WORKERS) || 4,
  projects: Object.entries(byKind)
    .filter(([, files]) => files.length > 0)
    .map(([kind, files]) => ({
      ...common,
      ...EXTRA[kind],
      displayName: kind,
      rootDir: __dirname,
      testMatch: files.map((file) => `<rootDir>/${file}`),
    })),
};
