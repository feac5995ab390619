/**
 * B11 functions first. Excel loads the add-in's page whenever a workbook that uses =PART.* opens,
 * with the pane hidden; the functions must not wait on a UI nobody sees yet. Both builds, the one
 * this bench measures against (BASELINE, the last build whose page ran the whole taskpane at load)
 * and today's sources, are built for production with our own copy of office.js, hosted by the
 * PartSpec server in front of the emulator, and opened in Chromium with the CPU slowed 4×. A small
 * stand-in for office.js plays Excel: it says the host is Excel, keeps the pane hidden (or shows
 * it), registers the functions and calls PART.SPEC once they are registered, as Excel does.
 *
 * Measured per build, the median of RUNS runs: the gzipped bytes of our JavaScript fetched before
 * the first =PART.* answer arrives, the time from navigation to that answer, and the JavaScript the
 * taskpane adds for its first screen when it is shown (beside the page's total). Sizes are checked against their goals; the time is
 * reported (with its goal: at most half of the baseline's), never checked.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../emulator';
import { buildServer, type PartSpecServer } from '../server/app';
import { createMemoryState } from '../server/state/memory';
import { chromiumPath } from '../testkit/system-tools';
import { progress } from './conditions';
import { check, formatBytes, formatMs, type BenchmarkResult, type Row } from './report';

const ROOT = join(__dirname, '..');
/** The last landed build whose page ran functions, commands and the whole taskpane at load. */
const BASELINE = '883c81d';
const RUNS = Number(process.env.B11_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
const GOALS = { functionsKb: 80, firstScreenKb: 200, timeRatio: 0.5 };
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** office.js as Excel's shared runtime offers it to the page, reduced to what PartSpec's page uses at load. */
function officeStandIn(partno: string, paneShown: boolean): string {
  return `(() => {
  const probe = (window.__partspecProbe = {});
  const ready = { host: 'Excel', platform: 'OfficeOnline' };
  let called = false;
  window.Office = {
    HostType: { Excel: 'Excel' },
    VisibilityMode: { taskpane: 'Taskpane', hidden: 'Hidden' },
    onReady(callback) { if (callback) setTimeout(() => callback(ready), 0); return Promise.resolve(ready); },
    actions: { associate() {} },
    addin: { onVisibilityModeChanged() { return Promise.resolve(() => Promise.resolve()); }, showAsTaskpane: () => Promise.resolve(), hide: () => Promise.resolve() },
    context: { displayLanguage: 'en-US', requirements: { isSetSupported: () => false }, document: { settings: { get: () => null, set() {}, remove() {}, saveAsync(cb) { cb && cb({ status: 'succeeded' }); } } } },
  };
  const values = new Map([['partspec.apiKey', ${JSON.stringify(DEMO_KEY)}]]);
  window.OfficeRuntime = { storage: { getItem: async (k) => values.get(k) ?? null, setItem: async (k, v) => void values.set(k, v), removeItem: async (k) => void values.delete(k), getItems: async (ks) => Object.fromEntries(ks.map((k) => [k, values.get(k) ?? null])) } };
  class FunctionError extends Error { constructor(code, message) { super(message || ''); this.code = code; } }
  window.CustomFunctions = {
    Error: FunctionError,
    ErrorCode: { invalidValue: '#VALUE!', notAvailable: '#N/A', invalidNumber: '#NUM!' },
    associate(id, fn) {
      if (String(id).toUpperCase() !== 'SPEC' || called) return;
      called = true;
      setTimeout(() => Promise.resolve(fn([[${JSON.stringify(partno)}]], [['Capacitance']])).then(
        (value) => { probe.answer = { value, at: performance.now() }; },
        (error) => { probe.answer = { error: String(error && error.message), at: performance.now() }; },
      ), 0);
    },
  };
  ${paneShown ? '' : "Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });"}
})();`;
}

/** A production build of `source` with our own copy of office.js, into `out` (kept between runs of the bench). */
function buildInto(source: string, out: string): void {
  if (existsSync(join(out, 'taskpane.html'))) return;
  const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
  execFileSync(process.execPath, [cli, '--mode', 'production', '--env', 'officeJs=local', '--output-path', out], {
    cwd: source,
    env: { ...process.env, PARTSPEC_OFFICE_JS: 'local' },
    stdio: ['ignore', process.stderr, process.stderr],
  });
}

/** The baseline's sources, checked out beside this clone with its node_modules. */
function baselineSources(): string {
  const dir = join(tmpdir(), `partspec-bench-baseline-${BASELINE}`);
  if (!existsSync(join(dir, 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', BASELINE], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    const tar = join(dir, '..', `partspec-bench-baseline-${BASELINE}.tar`);
    writeFileSync(tar, archive);
    execFileSync('tar', ['-xf', tar, '-C', dir]);
    rmSync(tar);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  }
  return dir;
}

interface Visit {
  /** Gzipped bytes of our JavaScript fetched before the moment measured. */
  jsBytes: number;
  /** Milliseconds from navigation to that moment. */
  ms: number;
  value?: unknown;
  /** Those scripts, by file name. */
  scripts: string[];
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Gzipped size of each of the build's scripts, by file name. */
function gzipSizes(dir: string, names: readonly string[]): Map<string, number> {
  return new Map(names.map((n) => [n, existsSync(join(dir, n)) ? gzipSync(readFileSync(join(dir, n))).length : 0]));
}

async function visit(browser: Browser, url: string, dir: string, partno: string, paneShown: boolean): Promise<Visit> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.route('**/assets/office-js/office.js', (route) => route.fulfill({ contentType: 'text/javascript', body: officeStandIn(partno, paneShown) }));
    await page.goto(`${url}/taskpane.html`, { waitUntil: 'commit' });
    let at: number;
    let value: unknown;
    if (paneShown) {
      // The first screen: the pane's header, its tabs and the section it opens on, rendered.
      await page.locator('[role="tabpanel"]:not([hidden]) >> css=fieldset, button, input').first().waitFor({ timeout: 120_000 });
      at = await page.evaluate(() => performance.now());
    } else {
      await page.waitForFunction(() => (window as unknown as { __partspecProbe?: { answer?: unknown } }).__partspecProbe?.answer, undefined, { timeout: 120_000 });
      const answer = await page.evaluate(() => (window as unknown as { __partspecProbe: { answer: { value?: unknown; error?: string; at: number } } }).__partspecProbe.answer);
      if (answer.error) throw new Error(`PART.SPEC answered with an error: ${answer.error}`);
      at = answer.at;
      value = answer.value;
    }
    // Scripts of our own origin requested before that moment, prefetches (idle-time) left out.
    const scripts = await page.evaluate(
      (until) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime < until && (e as PerformanceResourceTiming).initiatorType !== 'link' && /\.js(\?|$)/.test(e.name) && e.name.startsWith(location.origin) && !e.name.includes('/office-js/'))
          .map((e) => new URL(e.name).pathname.slice(1)),
      at,
    );
    const sizes = gzipSizes(dir, scripts);
    return { jsBytes: [...sizes.values()].reduce((a, b) => a + b, 0), ms: at, value, scripts };
  } finally {
    await context.close();
  }
}

async function host(emulator: RunningEmulator, dir: string): Promise<{ server: PartSpecServer; url: string }> {
  const server = await buildServer({ upstream: emulator.url, passThrough: true, state: createMemoryState(), siteDir: dir, logger: false });
  const url = await server.listen(0, '127.0.0.1');
  return { server, url };
}

export async function runFunctionsFirst(): Promise<BenchmarkResult> {
  progress(`B11 building the baseline (${BASELINE}) and today's page for production…`);
  const work = mkdtempSync(join(tmpdir(), 'partspec-b11-'));
  const baselineDir = join(tmpdir(), `partspec-bench-baseline-${BASELINE}-dist`);
  buildInto(baselineSources(), baselineDir);
  const currentDir = join(work, 'dist');
  buildInto(ROOT, currentDir);
  const emulator = await startEmulator({ port: 0 });
  const partno = [...emulator.catalog.byPartno.keys()][11];
  const builds = { baseline: await host(emulator, baselineDir), today: await host(emulator, currentDir) };
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, env: { ...process.env, HOME: work } });
  const measured: Record<'baseline' | 'today', { functions: Visit[]; firstScreen: Visit[] }> = { baseline: { functions: [], firstScreen: [] }, today: { functions: [], firstScreen: [] } };
  try {
    for (let i = 0; i < RUNS; i++) {
      // Alternating, so a machine that slows down mid-run weighs on both builds alike.
      for (const name of ['baseline', 'today'] as const) {
        const dir = name === 'baseline' ? baselineDir : currentDir;
        progress(`B11 ${name}, run ${i + 1} of ${RUNS}`);
        measured[name].functions.push(await visit(browser, builds[name].url, dir, partno, false));
        measured[name].firstScreen.push(await visit(browser, builds[name].url, dir, partno, true));
      }
    }
  } finally {
    await browser.close();
    await Promise.all([builds.baseline.server.close(), builds.today.server.close()]);
    await emulator.close();
  }
  /**
   * The taskpane's own part of a first screen: its entry script and whatever the shown pane
   * fetched beyond the scripts the page loads for the functions (those are there already when
   * the pane opens on a workbook that uses =PART.*).
   */
  const paneBytes = (name: 'baseline' | 'today', shown: Visit): number => {
    const forFunctions = new Set(measured[name].functions.flatMap((v) => v.scripts));
    const own = shown.scripts.filter((s) => s === 'taskpane.js' || !forFunctions.has(s));
    const sizes = gzipSizes(name === 'baseline' ? baselineDir : currentDir, own);
    return [...sizes.values()].reduce((a, b) => a + b, 0);
  };
  const summary = (name: 'baseline' | 'today') => ({
    functionsBytes: median(measured[name].functions.map((v) => v.jsBytes)),
    functionsMs: median(measured[name].functions.map((v) => v.ms)),
    firstScreenBytes: median(measured[name].firstScreen.map((v) => paneBytes(name, v))),
    firstScreenTotalBytes: median(measured[name].firstScreen.map((v) => v.jsBytes)),
    firstScreenMs: median(measured[name].firstScreen.map((v) => v.ms)),
    answer: measured[name].functions[0]?.value,
  });
  const before = summary('baseline');
  const now = summary('today');
  const ratio = now.functionsMs / before.functionsMs;
  const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
  const rows: Row[] = [
    {
      benchmark: 'B11 functions first',
      case: `pane hidden: our JS before the first =PART.SPEC answer (${BASELINE} → today)`,
      bytes: now.functionsBytes,
      measure: `${formatBytes(before.functionsBytes)} → ${formatBytes(now.functionsBytes)} gzipped`,
      checks: [check('B11 JS before the first answer, KB gzipped', kb(now.functionsBytes), `≤ ${GOALS.functionsKb}`, kb(now.functionsBytes) <= GOALS.functionsKb)],
    },
    {
      benchmark: 'B11 functions first',
      case: `pane hidden: navigation → first cell value, CPU ${CPU_SLOWDOWN}× slower`,
      timeMs: now.functionsMs,
      measure: `median of ${RUNS}: ${formatMs(before.functionsMs)} → ${formatMs(now.functionsMs)} (${ratio.toFixed(2)}× the baseline; goal ≤ ${GOALS.timeRatio}: ${ratio <= GOALS.timeRatio ? 'met' : 'missed on this run'})`,
      checks: [],
    },
    {
      benchmark: 'B11 functions first',
      case: "pane shown: the taskpane's JS for its first screen (header, tabs, the opening section)",
      bytes: now.firstScreenBytes,
      measure: `${formatBytes(before.firstScreenBytes)} → ${formatBytes(now.firstScreenBytes)} gzipped (the page in all, functions included: ${formatBytes(before.firstScreenTotalBytes)} → ${formatBytes(now.firstScreenTotalBytes)}); shown after ${formatMs(before.firstScreenMs)} → ${formatMs(now.firstScreenMs)}`,
      checks: [check('B11 first screen JS, KB gzipped', kb(now.firstScreenBytes), `≤ ${GOALS.firstScreenKb}`, kb(now.firstScreenBytes) <= GOALS.firstScreenKb)],
    },
  ];
  rmSync(work, { recursive: true, force: true });
  return { id: 'B11', title: 'Functions first', rows, details: { baseline: BASELINE, runs: RUNS, cpuSlowdown: CPU_SLOWDOWN, before, now, measured } };
}
