#!/usr/bin/env node
/*
 * Writes assets/demo-bom.xlsx from assets/demo-bom.csv, as LibreOffice opens the CSV (UTF-8,
 * comma, quoted text; numbers as numbers; one sheet named after the file), so the two demo BOMs
 * always hold the same rows. Run after editing the CSV: node scripts/make-demo-bom.js
 */
const { execFileSync } = require('node:child_process');
const { copyFileSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const assets = join(__dirname, '..', 'assets');
const work = mkdtempSync(join(tmpdir(), 'demo-bom-'));
try {
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${work}/profile`, '--headless', '--infilter=CSV:44,34,76,1', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', join(work, 'out'), join(assets, 'demo-bom.csv')],
    { stdio: 'inherit', env: { ...process.env, HOME: work } },
  );
  copyFileSync(join(work, 'out', 'demo-bom.xlsx'), join(assets, 'demo-bom.xlsx'));
  console.log('assets/demo-bom.xlsx written from assets/demo-bom.csv.');
} finally {
  rmSync(work, { recursive: true, force: true });
}
