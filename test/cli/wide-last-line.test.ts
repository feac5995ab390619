/**
 * A CSV BOM whose last line has 16,380 fields, enriched in place: PartSpec's columns go right of
 * that line, so every written line is padded to 16,382 fields (82 MB of commas for 5,000 rows),
 * and that padding is written as runs of delimiters, never as an array of 16,380 empty strings a
 * line or a dense copy of every row. The child runs with a 256 MB heap and its peak resident
 * size is measured.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { ROOT, runCliProcess, useEmulatorHome } from './helpers';

jest.setTimeout(300_000);

const world = useEmulatorHome();
const PEAK_RSS = join(ROOT, 'bench', 'memory-children', 'peak-rss.js');
const MB = 1024 * 1024;
const ROWS = 5000;
const FIELDS = 16_380;

test('5,000 rows and a last line of 16,380 fields are enriched in place in a 256 MB heap, under 512 MB resident', async () => {
  const parts = world.emulator.catalog.products.slice(0, 4).map((p) => String(p.values.Partno));
  const lines = ['Part Number,Qty,Description', ...Array.from({ length: ROWS }, (_, i) => `${parts[i % parts.length]},${i + 1},"cap, 0402"`), `${','.repeat(FIELDS - 1)}x`];
  const file = join(world.home, 'wide-last-line.csv');
  const rssFile = join(world.home, 'wide-last-line.rss');
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  const env = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url, NODE_OPTIONS: `--max-old-space-size=256 --require ${PEAK_RSS}`, PARTSPEC_BENCH_RSS_FILE: rssFile };
  const run = await runCliProcess(['enrich', 'wide-last-line.csv', '--fields', 'Status', '--out', 'wide-last-line.csv', '--no-cache'], { home: world.home, env });
  expect(run.stderr).not.toMatch(/heap|Allocation failed|FATAL|internal error/i);
  expect(run.code).toBe(0);
  expect(Number(readFileSync(rssFile, 'utf8'))).toBeLessThan(512 * MB);

  const written = readFileSync(file, 'utf8').split('\r\n');
  expect(written).toHaveLength(ROWS + 3);
  const header = written[0].split(',');
  expect(header).toHaveLength(FIELDS + 2);
  expect(header.slice(0, 3)).toEqual(['Part Number', 'Qty', 'Description']);
  expect(header.slice(-2)).toEqual(['PartSpec: Match', 'PartSpec: Status']);
  // A data line: its own text as it stood, empty fields to column 16,380, then its two cells.
  const first = written[1];
  expect(first.startsWith(`${parts[0]},1,"cap, 0402",`)).toBe(true);
  const tail = first.slice(`${parts[0]},1,"cap, 0402"`.length).split(',');
  expect(tail).toHaveLength(FIELDS - 3 + 2 + 1);
  expect(tail.slice(1, -2).every((field) => field === '')).toBe(true);
  expect(tail.at(-2)).toMatch(/^Exact/);
  expect(tail.at(-1)).not.toBe('');
  // The wide line is kept as it was, with its two (empty) cells after it.
  expect(written[ROWS + 1] === `${','.repeat(FIELDS - 1)}x,,`).toBe(true);
  expect(written[ROWS + 2]).toBe('');
});
