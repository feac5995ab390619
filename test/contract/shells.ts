/**
 * The two shells of one enrichment, driven the way their users drive them, and what each left in
 * the BOM, in one shape the contract test compares: the add-in's Enrich in the workbook double,
 * and `partspec enrich` on the same BOM saved as xlsx and as CSV, against the same emulator.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format as renderExcel } from 'numfmt';
import { datasheetText } from '../support/datasheet-text';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { createClient } from '../../api/client';
import { cellAddress, columnIndex } from '../../core/address';
import { DEMO_KEY, type RunningEmulator } from '../../emulator';
import { bomColumnId } from '../../src/sheets/bom-tools';
import { enrichSelection } from '../../src/sheets/enrich';
import { createExcelDouble } from '../../src/workbench/excel-double';
import { readXlsx } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';
import { reportOf } from '../support/enrichment-report';

export type Cell = string | number;

/** One BOM layout of the contract table and how its user names the columns (letters, or none to let the layout be found). */
export interface BomCase {
  name: string;
  rows: Cell[][];
  column?: string;
  alternates?: string[];
  /** Enrich with the Suggested column (the add-in's option, `--suggest`). */
  suggest?: boolean;
  /** Enrich with the Checks column by the shipped rules (the add-in's option, `--checks`). */
  checks?: boolean;
}

/** What an enrichment left in the BOM, shell-independent. */
export interface Enriched {
  /** 1-based row of the PartSpec headers. */
  headerRow: number;
  /** `E: PartSpec: Match`, … in sheet order. */
  columns: string[];
  /** The data cells of each PartSpec column, by header, as text. */
  cells: Record<string, string[]>;
  /** `F6 #FFC7CE` for every highlighted PartSpec data cell (none in a CSV file). */
  highlights: string[];
  /** The summary sentence of each set: the first column's, then each second source's. */
  summaries: string[];
}

const FIELDS = ['Status', 'Capacitance'];

/** A workbook cell as a reader sees it: a number through its format (4.7 nF), anything else as its text. */
const shownText = (value: unknown, format: string | undefined): string => (typeof value === 'number' ? renderExcel(format ?? 'General', value) : value === null || value === undefined ? '' : String(value));

/** The CSV's capacitance column (plain nF under `(nF)`) as a datasheet reads it, for comparing with a workbook's. */
function csvAsDatasheet(grid: string[][]): string[][] {
  const headerIndex = grid.findIndex((row) => row.some((t) => t.startsWith('PartSpec')));
  const at = (grid[headerIndex] ?? []).flatMap((t, c) => (/^PartSpec.*: Capacitance \(nF\)$/.test(t) ? [c] : []));
  return grid.map((row, r) =>
    row.map((text, c) => {
      if (!at.includes(c) || r < headerIndex) return text;
      if (r === headerIndex) return text.replace(/ \(nF\)$/, '');
      return text === '' ? '' : datasheetText(Number(text) * 1e-9, 'F');
    }),
  );
}

/** Reads the PartSpec columns out of a grid of texts (row 0 = sheet row 1), below the row that heads them. */
function readGrid(grid: readonly (readonly string[])[], lastRow: number, highlightOf: (row: number, column: number, text: string) => string | undefined): Omit<Enriched, 'summaries'> {
  const headerIndex = grid.findIndex((row) => row.some((t) => t.startsWith('PartSpec')));
  const header = grid[headerIndex] ?? [];
  const at = header.flatMap((t, c) => (t.startsWith('PartSpec') ? [c] : []));
  const cells: Record<string, string[]> = {};
  const highlights: string[] = [];
  for (const c of at) {
    cells[header[c]] = [];
    for (let r = headerIndex + 1; r <= lastRow; r++) {
      const text = grid[r]?.[c] ?? '';
      cells[header[c]].push(text);
      const fill = highlightOf(r, c, text);
      if (fill) highlights.push(`${cellAddress(r, c)} ${fill}`);
    }
  }
  return { headerRow: headerIndex + 1, columns: at.map((c) => `${cellAddress(0, c).replace(/\d+$/, '')}: ${header[c]}`), cells, highlights };
}

/** Runs Enrich in the workbook double, as the taskpane does with the columns picked (or the selection on A1). */
export async function enrichInAddIn(emulator: RunningEmulator, bom: BomCase, today: Date): Promise<Enriched> {
  const excel = createExcelDouble();
  const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, retry: false, cache: false });
  excel.setCells('Sheet1', 'A1', bom.rows.map((row) => row.map((v) => v)));
  excel.select('Sheet1', 'A1');
  const letters = (c: string): string => bomColumnId('Sheet1', `${c}:${c}`);
  const result = reportOf(await enrichSelection(
    { run: excel.run, client, now: () => today },
    { fields: FIELDS, risk: true, suggest: bom.suggest, checks: bom.checks, partColumn: bom.column && letters(bom.column), alternateColumns: bom.alternates?.map(letters) },
  ));
  if (result.status !== 'done') throw new Error(`the add-in's enrichment ${result.status}: ${result.message}`);
  const formats = excel.numberFormats('Sheet1');
  const grid = excel.values('Sheet1').map((row, r) => row.map((v, c) => shownText(v, formats[r]?.[c])));
  const read = readGrid(grid, result.bom.layout.lastRow, (r, c) => excel.highlight('Sheet1', cellAddress(r, c)));
  return { ...read, summaries: result.sets.map((set) => set.tally.summary) };
}

/** The summary sentences `partspec enrich` says on stderr: the first column's and each second source's. */
function summariesOf(stderr: string): string[] {
  const first = /(\d+ rows: [^\n]*?)\. \d+ columns \(/.exec(stderr)?.[1] ?? '';
  return [first, ...[...stderr.matchAll(/Second source '[^']*': ([^\n]*)\.$/gm)].map((m) => m[1])];
}

/** The `--column` arguments of a case. */
const columnArgs = (bom: BomCase): string[] => [...(bom.column ? [bom.column] : []), ...(bom.alternates ?? [])].flatMap((c) => ['--column', c]);

/** Runs `partspec enrich` on a file, failing with its stderr when it does not finish. */
async function runEnrich(emulator: RunningEmulator, home: string, input: string, output: string, bom: BomCase): Promise<string> {
  const run = await runCliInProcess(['enrich', input, '--fields', FIELDS.join(','), '--risk', ...(bom.suggest ? ['--suggest'] : []), ...(bom.checks ? ['--checks'] : []), ...columnArgs(bom), '--out', output, '--base-url', emulator.url], { home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  if (run.code !== 0 && run.code !== 1) throw new Error(`partspec enrich exited ${run.code}: ${run.stderr}`);
  return run.stderr;
}

/** The last row (0-based) the enrichment covers, from the part numbers' range on stderr. */
const lastRowOf = (stderr: string): number => Number(/part numbers in [A-Z]+\d+:[A-Z]+(\d+)/.exec(stderr)?.[1] ?? 0) - 1;

/** The colour of the first conditional format over a cell whose `cellIs equal` text is the cell's (ExcelJS keeps them on the sheet). */
function xlsxHighlight(sheet: ExcelJS.Worksheet, row: number, column: number, text: string): string | undefined {
  const formats = (sheet as unknown as { conditionalFormattings: ExcelJS.ConditionalFormattingOptions[] }).conditionalFormattings;
  for (const cf of formats) {
    const [from, to] = cf.ref.split(':');
    const [c0, r0] = [columnIndex(/[A-Z]+/.exec(from)![0]), Number(/\d+/.exec(from)![0]) - 1];
    const [c1, r1] = [columnIndex(/[A-Z]+/.exec(to ?? from)![0]), Number(/\d+/.exec(to ?? from)![0]) - 1];
    if (row < r0 || row > r1 || column < c0 || column > c1) continue;
    for (const rule of cf.rules as unknown as { type: string; operator?: string; formulae?: string[]; style?: { fill?: { bgColor?: { argb?: string } } } }[]) {
      const literal = /^"((?:[^"]|"")*)"$/.exec(rule.formulae?.[0] ?? '')?.[1]?.replace(/""/g, '"');
      if (rule.type !== 'cellIs' || rule.operator !== 'equal' || literal === undefined || literal.toLowerCase() !== text.toLowerCase()) continue;
      const argb = rule.style?.fill?.bgColor?.argb;
      return argb ? `#${argb.slice(-6)}` : undefined;
    }
  }
  return undefined;
}

/** Runs `partspec enrich` on the BOM saved as an xlsx workbook (sheet 'Sheet1'). */
export async function enrichXlsx(emulator: RunningEmulator, home: string, bom: BomCase, name: string): Promise<Enriched> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  bom.rows.forEach((row, r) => row.forEach((v, c) => v !== '' && (sheet.getCell(r + 1, c + 1).value = v)));
  const [input, output] = [join(home, `${name}.xlsx`), join(home, `${name}-out.xlsx`)];
  await workbook.xlsx.writeFile(input);
  const stderr = await runEnrich(emulator, home, input, output, bom);
  const out = (await readXlsx(output)).getWorksheet('Sheet1')!;
  const grid: string[][] = [];
  out.eachRow({ includeEmpty: true }, (row, r) => row.eachCell({ includeEmpty: true }, (cell, c) => ((grid[r - 1] ??= [])[c - 1] = typeof cell.value === 'number' ? shownText(cell.value, cell.numFmt) : (cell.text ?? ''))));
  const filled = Array.from(grid, (row) => Array.from(row ?? [], (t) => t ?? ''));
  return { ...readGrid(filled, lastRowOf(stderr), (r, c, text) => xlsxHighlight(out, r, c, text)), summaries: summariesOf(stderr) };
}

/** Runs `partspec enrich` on the BOM saved as CSV. */
export async function enrichCsv(emulator: RunningEmulator, home: string, bom: BomCase, name: string): Promise<Enriched> {
  const [input, output] = [join(home, `${name}.csv`), join(home, `${name}-out.csv`)];
  writeFileSync(input, Papa.unparse(bom.rows.map((row) => row.map(String))) + '\r\n');
  const stderr = await runEnrich(emulator, home, input, output, bom);
  const grid = csvAsDatasheet(Papa.parse<string[]>(readFileSync(output, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data);
  return { ...readGrid(grid, lastRowOf(stderr), () => undefined), summaries: summariesOf(stderr) };
}
