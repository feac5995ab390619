/**
 * Ctrl-C during `partspec enrich` writes nothing over data: --out keeps what it had, the
 * cancellation is said once, and the exit code is 130 — as a cancelled run in the add-in leaves
 * the rows it did not reach as they were (test/sheets/enrich-rows.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { DEMO_KEY } from '../../emulator';
import { enrichCommand } from '../../cli/commands/enrich';
import type { CommandContext } from '../../cli/context';
import { createProgress } from '../../cli/progress';
import { EXIT } from '../../node/errors';
import { useEmulatorHome } from './helpers';

const world = useEmulatorHome({ realNumbers: false });

/** A context as the command line builds it, whose Ctrl-C comes when `interrupt` says so. */
function contextFor(interrupt: (note: string) => boolean): { context: CommandContext; notes: string[] } {
  const controller = new AbortController();
  const notes: string[] = [];
  const stderr = new PassThrough();
  stderr.resume();
  const stdout = new PassThrough();
  stdout.resume();
  const context: CommandContext = {
    stdin: Readable.from([]),
    stdout,
    stderr,
    env: { HOME: world.home, XDG_CACHE_HOME: join(world.home, '.cache'), PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url },
    signal: controller.signal,
    cwd: world.home,
    secrets: [],
    note: (message) => {
      notes.push(message);
      if (interrupt(message)) controller.abort();
    },
    progress: createProgress(stderr),
  };
  return { context, notes };
}

test('Ctrl-C before the lookup: --out (the BOM itself) keeps the last run\'s values, one sentence says so, exit 130', async () => {
  const parts = world.emulator.catalog.byGroup.SMD.slice(0, 3).map((p) => p.values.Partno as string);
  const file = join(world.home, 'bom.csv');
  const previous = ['Ref,MPN,PartSpec: Match,PartSpec: Status', ...parts.map((p, i) => `C${i + 1},${p},previous match ${i},previous status ${i}`)].join('\r\n') + '\r\n';
  writeFileSync(file, previous);
  const { context, notes } = contextFor((note) => / part numbers in /.test(note));
  const code = await enrichCommand.run([file, '--fields', 'Status', '--no-cache', '--out', file], context);
  expect(code).toBe(EXIT.interrupted);
  expect(readFileSync(file, 'utf8')).toBe(previous);
  expect(notes.filter((n) => /cancel/i.test(n))).toEqual([`The enrichment was cancelled before ${file} was written; it keeps its previous content.`]);

  // Not cancelled, the same command writes the file.
  const done = contextFor(() => false);
  expect(await enrichCommand.run([file, '--fields', 'Status', '--no-cache', '--out', file], done.context)).toBe(EXIT.ok);
  expect(readFileSync(file, 'utf8').split('\r\n')[1]).toMatch(/^C1,[^,]+,Exact,In Production,/);
});
