/**
 * What every benchmark hands back, and the markdown table they share. Only counts are checked:
 * timings go in the table and results.json but never decide the exit code, since the machine the
 * benchmark runs on may be busy.
 */

/** A count compared with its target. */
export interface Check {
  /** What is counted, e.g. `B1 PartSpec eq-pass requests / lower bound`. */
  name: string;
  value: number;
  /** The target as a person reads it, e.g. `≤ 1.0`. */
  target: string;
  pass: boolean;
}

/** One row of the table. */
export interface Row {
  benchmark: string;
  case: string;
  requests?: number;
  /** Request URL bytes plus response body bytes. */
  bytes?: number;
  timeMs?: number;
  /** The counts that matter for this row, in words (ratio, products, syncs, sizes). */
  measure: string;
  /** Targets of this row's checks; empty when the row is for comparison only. */
  checks: Check[];
}

export interface BenchmarkResult {
  id: string;
  title: string;
  rows: Row[];
  /** Everything measured, for results.json. */
  details: Record<string, unknown>;
}

/** Makes a check; `pass` is computed by the caller's comparison. */
export function check(name: string, value: number, target: string, pass: boolean): Check {
  return { name, value, target, pass };
}

export const formatCount = (n: number): string => n.toLocaleString('en-US');

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} B`;
}

export function formatMs(ms: number): string {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms).toLocaleString('en-US')} ms`;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The markdown table of every row: one line per case, its counts, and whether its targets hold. */
export function renderTable(results: readonly BenchmarkResult[]): string {
  const lines = [
    '| Benchmark | Case | Requests | Bytes | Time | Measure | Target | Result |',
    '| --- | --- | ---: | ---: | ---: | --- | --- | --- |',
  ];
  for (const result of results) {
    for (const row of result.rows) {
      const targets = row.checks.map((c) => c.target).join('; ');
      const verdict = row.checks.length === 0 ? '' : row.checks.every((c) => c.pass) ? 'pass' : '**FAIL**';
      lines.push(
        `| ${[
          row.benchmark,
          row.case,
          row.requests === undefined ? '' : formatCount(row.requests),
          row.bytes === undefined ? '' : formatBytes(row.bytes),
          row.timeMs === undefined ? '' : formatMs(row.timeMs),
          row.measure,
          targets,
          verdict,
        ]
          .map(cell)
          .join(' | ')} |`,
      );
    }
  }
  return lines.join('\n');
}

/** Every check of every row. */
export function allChecks(results: readonly BenchmarkResult[]): Check[] {
  return results.flatMap((r) => r.rows.flatMap((row) => row.checks));
}
