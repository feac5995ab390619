import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY, startEmulator } from '../emulator';
import { measureCli, type Measured } from './measure-cli';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B15: `partspec enrich --suggest` of a 1,000-line generic BOM (no maker part numbers: KiCad values
 * and footprints, distributors' descriptions, Chinese descriptions, a tenth resistors) beside the
 * plain enrichment of the same BOM, which refuses the Value column in a sentence (it holds no part
 * numbers; only a run that suggests reads values). The count checked: requests sent per distinct
 * set of constraints the BOM asks for (one search each would be the bound of searching line by
 * line; lines in three notations asking the same thing must share it, and reading whole
 * categories costs a handful whatever the BOM's size). Each run is a child process whose wall time and peak resident size
 * are measured; the emulator answers without added latency, so the time is the program's own.
 */

const BOM_LINES = 1000;

/** Capacitances in the three notations the BOM writes them: KiCad, a distributor's, a Chinese description's. */
const CAPACITANCES: readonly [string, string, string][] = [
  ['10p', '10PF', '10pF'],
  ['22p', '22PF', '22pF'],
  ['100p', '100PF', '100pF'],
  ['1n', '1000PF', '1nF'],
  ['10n', '0.01UF', '10nF'],
  ['100n', '0.1UF', '100nF'],
  ['1u', '1UF', '1uF'],
  ['4u7', '4.7UF', '4.7uF'],
  ['10u', '10UF', '10uF'],
];
const INDUCTANCES: readonly [string, string, string][] = [
  ['1uH', '1UH', '1uH'],
  ['2u2H', '2.2UH', '2.2uH'],
  ['4.7uH', '4.7UH', '4.7uH'],
  ['10uH', '10UH', '10uH'],
];
const SIZES: readonly [string, string][] = [
  ['0402', '1005'],
  ['0603', '1608'],
  ['0805', '2012'],
];
const VOLTS = [16, 50];

interface BomLine {
  cells: string[];
  /** The constraints the line asks for, written independently of PartSpec's reading; undefined for a resistor. */
  ask?: string;
}

/** The generic BOM: row r asks for constraint set r mod N, in notation ⌊r / N⌋ mod 3; every tenth row is a resistor. */
function generateBom(): BomLine[] {
  const sets: { kind: 'C' | 'L'; value: [string, string, string]; size: [string, string]; volts?: number; tc?: string }[] = [];
  CAPACITANCES.forEach((value, v) => SIZES.forEach((size) => VOLTS.forEach((volts) => sets.push({ kind: 'C', value, size, volts, tc: v < 4 ? 'C0G' : 'X7R' }))));
  INDUCTANCES.forEach((value) => SIZES.slice(1).forEach((size) => sets.push({ kind: 'L', value, size })));
  return Array.from({ length: BOM_LINES }, (_, r) => {
    if (r % 10 === 9) return { cells: [`R${r + 1}`, '10k', 'Resistor_SMD:R_0402_1005Metric', 'RES 10K OHM 1% 0402', '1'] };
    const set = sets[r % sets.length];
    const notation = Math.floor(r / sets.length) % 3;
    const [kicad, distributor, chinese] = set.value;
    const [inch, mm] = set.size;
    const ask = [set.kind, kicad, inch, set.volts ?? '', set.tc ?? ''].join('|');
    if (set.kind === 'L') {
      const cells = [
        [`L${r + 1}`, kicad, `Inductor_SMD:L_${inch}_${mm}Metric`, '', '1'],
        [`L${r + 1}`, '', '', `FIXED IND ${distributor} ${inch}`, '1'],
        [`L${r + 1}`, '', '', `贴片电感 ${inch} ${chinese}`, '1'],
      ][notation];
      return { cells, ask };
    }
    const cells = [
      [`C${r + 1}`, kicad, `Capacitor_SMD:C_${inch}_${mm}Metric`, `${set.volts}V ${set.tc}`, '1'],
      [`C${r + 1}`, '', '', `CAP CER ${distributor} ${set.volts}V ${set.tc} ${inch}`, '1'],
      [`C${r + 1}`, '', '', `贴片电容 ${inch} ${chinese} ${set.volts}V ${set.tc}`, '1'],
    ][notation];
    return { cells, ask };
  });
}

/** Runs B15. */
export async function runSuggest(): Promise<BenchmarkResult> {
  const emulator = await startEmulator({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'partspec-b15-'));
  const env = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: emulator.url, HOME: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir };
  const bom = generateBom();
  writeFileSync(join(dir, 'bom.csv'), `${Papa.unparse([['Reference', 'Value', 'Footprint', 'Description', 'Qty'], ...bom.map((l) => l.cells)])}\r\n`);
  const distinct = new Set(bom.flatMap((l) => (l.ask ? [l.ask] : []))).size;
  try {
    const cases: [string, string[]][] = [
      ['partspec enrich of the generic BOM (Value looked up)', ['enrich', 'bom.csv', '--column', 'Value', '--out', 'plain.csv']],
      ['partspec enrich --suggest of the generic BOM', ['enrich', 'bom.csv', '--column', 'Value', '--suggest', '--out', 'suggested.csv']],
    ];
    const runs: { run: Measured; searches: number; lookups: number }[] = [];
    for (const [i, [, args]] of cases.entries()) {
      emulator.resetLog();
      const run = await measureCli(args, env, dir, `run-${i}`);
      const products = emulator.requests.filter((r) => r.url.startsWith('/v2/products?'));
      const searches = products.filter((r) => /Capacitance|Inductance/.test(decodeURIComponent(r.url))).length;
      runs.push({ run, searches, lookups: products.length - searches });
    }
    const grid = Papa.parse<string[]>(readFileSync(join(dir, 'suggested.csv'), 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const at = grid[0].indexOf('PartSpec: Suggested');
    const named = grid.slice(1).filter((row) => / — /.test(row[at] ?? '')).length;
    const [plain, suggested] = runs;
    const requests = suggested.lookups + suggested.searches;
    const ratio = requests / distinct;
    // enrich exits 1 when some lines are not found (every generic line is): the output is written all the same.
    const finished = (m: Measured): boolean => m.code === 0 || m.code === 1;
    const rows: Row[] = [
      {
        benchmark: 'B15',
        case: `${cases[0][0]} (child process)`,
        requests: plain.lookups + plain.searches,
        timeMs: plain.run.ms,
        measure: finished(plain.run)
          ? `peak resident ${Math.round(plain.run.peakBytes / (1024 * 1024))} MB, ${formatCount(BOM_LINES)} lines`
          : `refused (exit ${plain.run.code}): ${plain.run.stderr.trim().split('\n').pop()}`,
        checks: [],
      },
      {
        benchmark: 'B15',
        case: `${cases[1][0]} (child process)`,
        requests: suggested.lookups + suggested.searches,
        timeMs: suggested.run.ms,
        measure: finished(suggested.run)
          ? `${requests} requests (${suggested.searches} searches) for ${distinct} distinct constraint sets (${ratio.toFixed(2)}× one search each), ${named} lines with a candidate; peak resident ${Math.round(suggested.run.peakBytes / (1024 * 1024))} MB`
          : `did not finish (exit ${suggested.run.code}): ${suggested.run.stderr.trim().split('\n').pop()}`,
        checks: [
          check('B15 suggest requests / distinct constraint sets', Number(ratio.toFixed(2)), '≤ 1.00', finished(suggested.run) && ratio <= 1),
          check('B15 lines with a candidate', named, '> 0', finished(suggested.run) && named > 0),
        ],
      },
    ];
    return {
      id: 'B15',
      title: 'Suggestions for a 1,000-line generic BOM beside the plain enrichment',
      rows,
      details: {
        bomLines: BOM_LINES,
        distinctConstraintSets: distinct,
        linesWithCandidate: named,
        runs: runs.map((r, i) => ({ case: cases[i][0], code: r.run.code, ms: r.run.ms, peakBytes: r.run.peakBytes, searches: r.searches, lookups: r.lookups })),
      },
    };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // `npx tsx bench/suggest.ts`: this benchmark alone, its result as JSON on stdout.
  runSuggest().then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
