/** The in-process shared state: a cache bounded by bytes with TTLs, coalescing, and the tokens file. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalCoalescer, createMemoryState } from '../../server/state/memory';
import type { CachedAnswer } from '../../server/state/types';
import { createTokenFileStore, hashToken } from '../../server/tokens/token-file';

const answer = (bytes: number): CachedAnswer => ({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.alloc(bytes, 120) });

test('the cache keeps answers until their TTL and never holds more bytes than its bound', async () => {
  const state = createMemoryState({ cacheMaxBytes: 10_000 });
  await state.cache.set('a', answer(3000), 60_000);
  await state.cache.set('b', answer(3000), 60_000);
  await state.cache.set('short', answer(100), 30);
  expect((await state.cache.get('a'))?.body.length).toBe(3000);
  await state.cache.set('c', answer(3000), 60_000);
  await state.cache.set('d', answer(3000), 60_000);
  const kept = (await Promise.all(['a', 'b', 'c', 'd'].map((k) => state.cache.get(k)))).filter(Boolean);
  expect(kept.length).toBeLessThanOrEqual(3);
  expect(await state.cache.get('d')).toBeDefined();
  await state.cache.set('too-big', answer(20_000), 60_000);
  expect(await state.cache.get('too-big')).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(await state.cache.get('short')).toBeUndefined();
  await state.cache.set('zero', answer(10), 0);
  expect(await state.cache.get('zero')).toBeUndefined();
  expect(state.health()).toEqual({ kind: 'memory', state: 'ok' });
  expect(state.tokens).toBeUndefined();
  await state.close();
});

test('concurrent callers of one key share one producer; a failure reaches each of them and is not kept', async () => {
  const coalescer = createLocalCoalescer();
  let runs = 0;
  const produce = async (): Promise<CachedAnswer> => {
    runs += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return answer(10);
  };
  const results = await Promise.all([coalescer.run('k', produce), coalescer.run('k', produce), coalescer.run('other', produce)]);
  expect(runs).toBe(2);
  expect(results[0]).toBe(results[1]);
  const failing = (): Promise<CachedAnswer> => Promise.reject(new Error('upstream down'));
  await expect(Promise.all([coalescer.run('x', failing), coalescer.run('x', failing)])).rejects.toThrow('upstream down');
  await expect(coalescer.run('x', produce)).resolves.toEqual(answer(10));
});

test('the tokens file holds hashes only; verify, list, replace and revoke', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'partspec-tokens-'));
  try {
    const file = path.join(dir, 'nested', 'tokens.json');
    const store = createTokenFileStore(file);
    const first = await store.add('carol');
    const second = await store.add('carol');
    expect(second).not.toBe(first);
    expect(await store.verify(first)).toBeUndefined();
    expect(await store.verify(second)).toBe('carol');
    expect(await store.verify('pst_unknown')).toBeUndefined();
    expect(await store.verify('no-prefix')).toBeUndefined();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(hashToken(second));
    expect(text).not.toContain(second);
    expect((await store.list()).map((r) => r.name)).toEqual(['carol']);
    expect(await store.revoke('carol')).toBe(true);
    expect(await store.verify(second)).toBeUndefined();
    await expect(store.add('not ok/name')).rejects.toThrow(/cannot name a token/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
