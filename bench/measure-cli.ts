import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const BIN = join(__dirname, '..', 'bin', 'partspec.js');
const PRELOAD = join(__dirname, 'memory-children', 'peak-rss.js');

/** What one `partspec` child run measured. */
export interface Measured {
  code: number | null;
  ms: number;
  /** The child's own high-water mark of resident memory. */
  peakBytes: number;
  /** The end of what it printed on stderr. */
  stderr: string;
}

/** One `partspec` run as a child process, with no answer cache: exit code, wall time and peak resident size. */
export function measureCli(args: readonly string[], env: Record<string, string>, dir: string, name: string): Promise<Measured> {
  const rssFile = join(dir, `rss-${name}`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', PRELOAD, BIN, ...args, '--no-cache'], { cwd: dir, env: { ...process.env, ...env, PARTSPEC_BENCH_RSS_FILE: rssFile }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, ms: Date.now() - started, peakBytes: Number(readFileSync(rssFile, 'utf8')), stderr }));
  });
}
