/**
 * What a bundle was built from, in one line: the mode, where office.js comes from, a hash of the
 * sources and files the build reads, and the environment variables webpack.config.js reads. The
 * build writes it to `<output>/.build-stamp`; the tests' build helper (test/e2e/support/build.ts)
 * uses a bundle it finds with the stamp it expects (the production build `npm test` just made in
 * dist/) instead of building the same sources again.
 */
const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
/** The files and folders a bundle is built from. */
const INPUTS = ['src', 'api', 'core', 'scripts', 'assets', 'webpack.config.js', 'manifest.xml', 'package.json', 'tsconfig.json'];
/** The variables webpack.config.js reads. */
const BUILD_ENV = ['PARTSPEC_ADDIN_URL', 'PARTSPEC_DEFAULT_BASE_URL', 'PARTSPEC_DEV_PORT', 'PARTSPEC_EMULATOR_PORT', 'PARTSPEC_OFFICE_JS'];
const STAMP_FILE = '.build-stamp';

/** A short hash of every input file's path and bytes. */
function hashSources() {
  const hash = createHash('sha256');
  const visit = (file) => {
    if (!fs.existsSync(file)) return;
    if (fs.statSync(file).isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) visit(path.join(file, name));
      return;
    }
    hash.update(path.relative(ROOT, file));
    hash.update(fs.readFileSync(file));
  };
  INPUTS.forEach((input) => visit(path.join(ROOT, input)));
  return hash.digest('hex').slice(0, 16);
}

/** The stamp of a build of the current sources in `mode` with office.js from `officeJs` ('cdn' or 'local'). */
function buildStamp(mode, officeJs, env = process.env) {
  const vars = Object.fromEntries(BUILD_ENV.filter((name) => name !== 'PARTSPEC_OFFICE_JS' && env[name]).map((name) => [name, env[name]]));
  return JSON.stringify({ mode, officeJs, sources: hashSources(), env: vars });
}

/** True when `dir` holds a finished build whose stamp is `stamp`. */
function hasBuild(dir, stamp) {
  try {
    return fs.readFileSync(path.join(dir, STAMP_FILE), 'utf8') === stamp;
  } catch {
    return false;
  }
}

/** A webpack plugin that writes the stamp into the output folder once everything is emitted. */
class BuildStampPlugin {
  constructor(mode, officeJs) {
    this.stamp = buildStamp(mode, officeJs);
  }
  apply(compiler) {
    compiler.hooks.done.tap('BuildStampPlugin', (stats) => {
      if (stats.hasErrors()) return;
      fs.writeFileSync(path.join(compiler.options.output.path, STAMP_FILE), this.stamp);
    });
  }
}

module.exports = { BuildStampPlugin, INPUTS, buildStamp, hasBuild, hashSources };
