#!/usr/bin/env node
/**
 * `npm run docs:pictures`: refreshes the documentation's pictures (docs/images/*.png) by running
 * the tests that take them with PARTSPEC_PICTURES_DIR=docs/images; `npm test` puts the same
 * pictures in a temp folder and leaves the checkout as it was. The tests are found by what they
 * call (saveScreenshot or picturePath). Needs a build first (`npm run build`), as `npm test` does.
 */
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');

function pictureTests(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...pictureTests(full));
    else if (/\.test\.tsx?$/.test(entry.name) && /\b(saveScreenshot|picturePath)\(/.test(fs.readFileSync(full, 'utf8'))) out.push(path.relative(root, full));
  }
  return out;
}

const files = pictureTests(path.join(root, 'test'));
const env = { ...process.env, PARTSPEC_PICTURES_DIR: path.join(root, 'docs', 'images') };
const jest = spawn(process.execPath, [require.resolve('jest/bin/jest'), ...files, ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
jest.on('exit', (code, signal) => process.exit(signal ? 1 : code));
