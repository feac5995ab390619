/**
 * The builds the tests serve, each made once per source state in a temp folder
 * (scripts/test-builds.js): the workbench the browser tests drive (a production build with the
 * Excel stand-ins and office.js from our own copy, not minified: webpack.config.js) and the
 * production bundle as it ships. `npm test` starts the workbench build before jest and the
 * production build as jest starts, warm from the first's webpack cache; a file that needs one
 * waits for it, or fails at once with the build's output if it failed. A file run on its own
 * (without `npm test`) builds what it needs, once, with a lock against parallel files. A production
 * bundle in dist/ whose stamp matches (scripts/build-stamp.js: `npm run build` of these sources)
 * is used as it is.
 */
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
/** The folder of the workbench build the run's global setup hands to the workers. */
export const WORKBENCH_DIR_VARIABLE = 'PARTSPEC_TEST_WORKBENCH_DIR';
/** The production bundle `npm run build` makes. */
const DIST = path.join(ROOT, 'dist');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const stamps = require(path.join(ROOT, 'scripts', 'build-stamp.js')) as {
  buildStamp(mode: 'development' | 'production', officeJs: 'cdn' | 'local'): string;
  hasBuild(dir: string, stamp: string): boolean;
};
type BuildName = 'workbench' | 'production-cdn' | 'production-local';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const builds = require(path.join(ROOT, 'scripts', 'test-builds.js')) as {
  awaitBuild(dir: string): Promise<string>;
  buildDir(name: BuildName): string;
  ensureBuild(name: BuildName): Promise<string>;
};

/**
 * Path of a build of the current sources with the workbench: the one the run's global setup is
 * making when there is one (waited for), otherwise built now if there is none yet.
 */
export function ensureWorkbenchBuild(): Promise<string> {
  const started = process.env[WORKBENCH_DIR_VARIABLE];
  if (started) return builds.awaitBuild(started);
  return builds.ensureBuild('workbench');
}

/**
 * For the browser project's global setup: the folder of the workbench build of the current
 * sources, and a promise of its end (`npm test` has usually started it already). The build runs
 * while jest goes on; `ensureWorkbenchBuild` in the workers waits for it once the folder is in
 * PARTSPEC_TEST_WORKBENCH_DIR.
 */
export function startWorkbenchBuild(): { dir: string; done: Promise<string> } {
  return { dir: builds.buildDir('workbench'), done: builds.ensureBuild('workbench') };
}

/**
 * Path of a production build of the current sources with office.js from Microsoft's CDN (the
 * default) or from our own copy (`local`, the air-gapped option): dist/ when `npm run build` made
 * it of these sources, else the run's (waited for while `npm test` builds it), else built now.
 */
export function ensureProductionBuild(officeJs: 'cdn' | 'local'): Promise<string> {
  if (stamps.hasBuild(DIST, stamps.buildStamp('production', officeJs))) return Promise.resolve(DIST);
  return builds.ensureBuild(officeJs === 'cdn' ? 'production-cdn' : 'production-local');
}
