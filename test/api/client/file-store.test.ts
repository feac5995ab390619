/** The Node cache store (the command line's): answers outlive the process, and clear() forgets them. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_KEY } from '../../../emulator';
import { createClient } from '../../../api';
import { createFileStore } from '../../../api/node';
import { logSettled, searchCalls } from './emulator-support';
import { PING_PARTNO } from '../../../api/client/create-client';
import { useEmulator } from '../../support/use-emulator';

const emulator = useEmulator();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'partspec-cache-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clientOver = (directory: string) =>
  createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: { store: createFileStore(directory) } });

test('a new client over the same folder answers a repeated lookup from the files, including misses, after one request confirming the key', async () => {
  const parts = emulator.catalog.byGroup.Ind.slice(0, 30).map((p) => p.values.Partno as string);
  const inputs = [...parts, 'NOPE00000000'];
  const first = await clientOver(dir).lookup(inputs);
  await logSettled(emulator);
  expect(searchCalls(emulator).length).toBeGreaterThan(0);
  expect(readdirSync(dir).length).toBeGreaterThan(0);

  emulator.resetLog();
  const second = await clientOver(dir).lookup(inputs);
  await logSettled(emulator);
  expect(searchCalls(emulator).map((r) => [decodeURIComponent(r.url).includes(PING_PARTNO), r.products])).toEqual([[true, 0]]);
  expect([...second.entries()].map(([k, v]) => [k, v.status, v.products.map((p) => p.partno)])).toEqual(
    [...first.entries()].map(([k, v]) => [k, v.status, v.products.map((p) => p.partno)]),
  );
  expect(second.get('NOPE00000000')?.status).toBe('notFound');
});

test('clear() empties the folder, so the next lookup asks the service again', async () => {
  const part = emulator.catalog.byGroup.SMD[5].values.Partno as string;
  const client = clientOver(dir);
  await client.lookup([part]);
  await client.clearCache();
  emulator.resetLog();
  await clientOver(dir).lookup([part]);
  await logSettled(emulator);
  expect(searchCalls(emulator).length).toBe(1);
});

test('entries round-trip, and one never written (or deleted) is a miss', async () => {
  const other = mkdtempSync(path.join(tmpdir(), 'partspec-cache-'));
  const store = createFileStore(other);
  expect(await store.get('never-written')).toBeUndefined();
  await store.set('k', { a: 1 });
  expect(await store.get('k')).toEqual({ a: 1 });
  await store.delete('k');
  expect(await store.get('k')).toBeUndefined();
  rmSync(other, { recursive: true, force: true });
});
