/**
 * Runs of the command line inside one process each have their own working folder (the context's
 * `cwd`), so they may overlap: two runs given relative paths (the BOM, --rules, --out) at the same
 * time each read and write their own folder, and the process's own folder is left alone. The
 * service is reached through a gate that answers nothing until both runs have asked, so the test
 * passes only if the runs are in flight together.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY, type CatalogProduct } from '../../emulator';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome({ realNumbers: false });

/** A relay to the emulator that holds every request until `count` have come, then lets them all through. */
function gate(count: number): Promise<{ url: string; server: Server }> {
  const held: (() => void)[] = [];
  const server = createServer((incoming, answer) => {
    const forward = (): void => {
      const target = new URL(incoming.url ?? '/', world.emulator.url);
      const upstream = request(target, { method: incoming.method, headers: incoming.headers }, (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      });
      incoming.pipe(upstream);
    };
    held.push(forward);
    if (held.length === count) held.forEach((go) => go());
    else if (held.length > count) forward();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })));
}

test('two runs with their own folders and relative paths run at the same time, each in its own folder', async () => {
  const parts = world.emulator.catalog.byGroup.SMD.slice(0, 2).map((p: CatalogProduct) => p.values.Partno as string);
  const folders = parts.map((part, i) => {
    const folder = join(world.home, `board-${i}`);
    mkdirSync(folder);
    writeFileSync(join(folder, 'bom.csv'), `Ref,Part Number\nC${i + 1},${part}\n`);
    writeFileSync(join(folder, 'rules.json'), JSON.stringify({ name: `Team ${i}`, rules: [] }));
    return folder;
  });
  const { url, server } = await gate(2);
  const before = process.cwd();
  try {
    const runs = await Promise.all(
      folders.map((folder) =>
        runCliInProcess(['enrich', 'bom.csv', '--rules', 'rules.json', '--fields', 'Status', '--out', 'out.csv', '--no-cache'], { home: world.home, cwd: folder, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: url } }),
      ),
    );
    runs.forEach((run, i) => {
      expect([run.code, run.stderr]).toEqual([0, expect.stringContaining(`Checks by Team ${i}`)]);
      const rows = Papa.parse<string[]>(readFileSync(join(folders[i], 'out.csv'), 'utf8').trim()).data;
      expect(rows[0]).toEqual(expect.arrayContaining(['Part Number', 'PartSpec: Match']));
      expect(rows.slice(1).map((row) => row[1])).toEqual([parts[i]]);
    });
  } finally {
    server.close();
  }
  expect(process.cwd()).toBe(before);
}, 60_000);

test("a run's sentences name a relative file as it was given, not where the run's folder put it", async () => {
  const folder = join(world.home, 'board-sentences');
  mkdirSync(folder);
  writeFileSync(join(folder, 'book.csv'), 'Part Number\n"unclosed\n');
  const run = await runCliInProcess(['enrich', 'book.csv', '--fields', 'Status', '--out', 'book.csv'], { home: world.home, cwd: folder, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/^partspec enrich: .*book\.csv/);
  expect(run.stderr).not.toContain(folder);
});
