import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { EmulatorOptions, RunningEmulator } from '../../emulator';
import { useEmulator } from '../support/use-emulator';

export const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'partspec.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A temporary directory that serves as HOME, cache and working directory of the runs. */
export function makeTempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'partspec-cli-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs `node bin/partspec.js …` as a user would, with a clean environment: HOME and the cache in
 * `home` (also the working folder unless `cwd` is given), none of the PARTSPEC_* variables unless given.
 * For what needs a real process (exit codes of a crash, signals, `bin/`, memory limits, locks
 * between processes); the rest runs in the test's process (in-process.ts `runCliInProcess`).
 */
export function runCliProcess(args: readonly string[], options: { home: string; env?: Record<string, string>; input?: string; cwd?: string }): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: options.home, XDG_CACHE_HOME: join(options.home, '.cache'), ...options.env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? options.home, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** Every cell of a workbook that holds a formula, as `Sheet!A1`. */
export function formulaCells(workbook: ExcelJS.Workbook): string[] {
  const out: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula || cell.formula) out.push(`${sheet.name}!${cell.address}`);
      }),
    ),
  );
  return out;
}

export async function readXlsx(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

/** The header texts of a row (1-based), empty cells as ''. */
export function rowTexts(sheet: ExcelJS.Worksheet, row: number): string[] {
  const out: string[] = [];
  sheet.getRow(row).eachCell({ includeEmpty: true }, (cell, c) => {
    out[c - 1] = cell.text;
  });
  return Array.from(out, (t) => t ?? '');
}

/** The 0-based index of the column whose header (in `row`) is `header`; fails the test when absent. */
export function columnOf(sheet: ExcelJS.Worksheet, row: number, header: string): number {
  const index = rowTexts(sheet, row).indexOf(header);
  if (index < 0) throw new Error(`no column '${header}' in row ${row}: ${JSON.stringify(rowTexts(sheet, row))}`);
  return index + 1;
}

/** The emulator and temporary home a CLI test file runs against, started before its tests and gone after them. */
export interface EmulatorHome {
  readonly emulator: RunningEmulator;
  readonly home: string;
}

/**
 * Starts the emulator on a free port and makes a temporary home for the file's tests (`beforeAll`),
 * and stops and removes them afterwards (`afterAll`); read `emulator` and `home` inside tests.
 */
export function useEmulatorHome(options: EmulatorOptions = {}): EmulatorHome {
  const world = { emulator: useEmulator(options) } as { emulator: RunningEmulator; home: string; cleanup: () => void };
  beforeAll(() => {
    ({ dir: world.home, cleanup: world.cleanup } = makeTempDir());
  });
  afterAll(() => world.cleanup?.());
  return world;
}
