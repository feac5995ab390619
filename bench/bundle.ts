/**
 * B5 taskpane bundle: the gzipped size of the JavaScript `dist/taskpane.html` loads from our
 * build. office.js is Office's own runtime, served from our build only so the add-in needs no
 * third-party host; it is listed but not counted. The production build is run first when dist is
 * missing or older than the sources.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { progress } from './conditions';
import { formatBytes, type BenchmarkResult, type Row } from './report';

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist');
const PAGE = join(DIST, 'taskpane.html');
/** What the build is made from: a change in any of these makes dist stale. */
const SOURCES = ['src', 'webpack.config.js'];
/** Office's runtime (our copy, or Microsoft's CDN): loaded by the page, not part of our bundle. */
const NOT_OURS = /(^|\/)office-js\/|^https?:/;

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** The script addresses of the page, in order. */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)].map((m) => m[1]);
}

function isStale(): boolean {
  if (!existsSync(PAGE)) return true;
  const scripts = scriptSources(readFileSync(PAGE, 'utf8')).filter((s) => !/^https?:/.test(s)).map((s) => join(DIST, s));
  if (scripts.some((s) => !existsSync(s))) return true;
  const built = Math.min(statSync(PAGE).mtimeMs, ...scripts.map((s) => statSync(s).mtimeMs));
  return SOURCES.some((s) => newestMtime(join(ROOT, s)) > built);
}

/**
 * Runs the production build when dist is stale. A failed build over an existing dist leaves the
 * old files measured and says so; without a dist there is nothing to measure.
 */
function ensureBuild(): { rebuilt: boolean; buildFailed: boolean } {
  if (!isStale()) return { rebuilt: false, buildFailed: false };
  progress('B5 dist is missing or older than src: npm run build…');
  try {
    // The build's output goes to stderr, so stdout stays the table.
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
    return { rebuilt: true, buildFailed: false };
  } catch (error) {
    if (!existsSync(PAGE)) throw error;
    progress('B5 the build failed; measuring the dist already there, which is older than src.');
    return { rebuilt: false, buildFailed: true };
  }
}

export function runBundle(): BenchmarkResult {
  const { rebuilt, buildFailed } = ensureBuild();
  const staleNote = buildFailed ? '; dist older than src (the build failed)' : '';
  const sources = scriptSources(readFileSync(PAGE, 'utf8')).filter((s) => !/^https?:/.test(s));
  const files = sources.map((src) => {
    const body = readFileSync(join(DIST, src));
    return { file: relative(DIST, join(DIST, src)), bytes: body.length, gzipBytes: gzipSync(body).length, counted: !NOT_OURS.test(src) };
  });
  const counted = files.filter((f) => f.counted);
  const total = counted.reduce((sum, f) => sum + f.gzipBytes, 0);
  const rows: Row[] = counted.map((f) => ({
    benchmark: 'B5 taskpane bundle',
    case: f.file,
    bytes: f.gzipBytes,
    measure: `${formatBytes(f.gzipBytes)} gzipped (${formatBytes(f.bytes)} minified)`,
    checks: [],
  }));
  rows.push({
    benchmark: 'B5 taskpane bundle',
    case: `initial JS of taskpane.html: ${counted.map((f) => f.file).join(' + ')}`,
    bytes: total,
    measure: `${formatBytes(total)} gzipped (${formatBytes(counted.reduce((s, f) => s + f.bytes, 0))} minified); office.js not counted${staleNote}`,
    checks: [],
  });
  return { id: 'B5', title: 'Taskpane bundle', rows, details: { rebuilt, buildFailed, files, gzipTotal: total } };
}
