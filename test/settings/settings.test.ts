import { checkBaseUrl, createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { createMemoryStorage, detectStorage } from '../../src/settings/storage';

describe('settings store', () => {
  test('keeps the key apart from the preferences, trimmed, and forgets an empty one', async () => {
    const storage = createMemoryStorage();
    const store = createSettingsStore(storage, defaultPreferences('http://127.0.0.1:4010'));
    expect(await store.getApiKey()).toBeUndefined();
    await store.setApiKey('  secret-key  ');
    expect(await store.getApiKey()).toBe('secret-key');
    await store.save({ lang: 'ja' });
    expect(await storage.getItem('partspec.preferences')).not.toContain('secret-key');
    await store.setApiKey('   ');
    expect(await store.getApiKey()).toBeUndefined();
  });

  test('saves preferences, notifies listeners and repairs bad stored values', async () => {
    const storage = createMemoryStorage({ 'partspec.preferences': JSON.stringify({ lang: 'fr', cacheTtlHours: -3, uiLanguage: 'zh', baseUrl: 'https://api.example.com' }) });
    const store = createSettingsStore(storage, defaultPreferences('http://127.0.0.1:4010'));
    const loaded = await store.load();
    expect(loaded).toMatchObject({ lang: 'en', cacheTtlHours: 24, uiLanguage: 'zh', baseUrl: 'https://api.example.com' });
    const seen: string[] = [];
    const stop = store.subscribe((p) => seen.push(p.lang));
    expect((await store.save({ lang: 'zh', enrichMode: 'formulas' })).enrichMode).toBe('formulas');
    stop();
    await store.save({ lang: 'ja' });
    expect(seen).toEqual(['zh']);
    expect((await store.load()).lang).toBe('ja');
  });

  test('corrupt stored preferences fall back to the defaults', async () => {
    const store = createSettingsStore(createMemoryStorage({ 'partspec.preferences': '{not json' }), defaultPreferences('http://x.test'));
    expect((await store.load()).baseUrl).toBe('http://x.test');
  });
});

describe('checkBaseUrl', () => {
  test.each([
    ['https://api.example.com', undefined],
    ['http://127.0.0.1:4010', undefined],
    ['http://localhost:4010/', undefined],
    ['', /Enter the API base URL/],
    ['api.example.com', /not a web address/],
    ['http://api.example.com', /Use https:\/\//],
    ['ftp://api.example.com', /must start with https/],
    ['https://api.example.com/?key=1', /must not contain a query/],
    ['https://user:pw@api.example.com', /must not contain a user name/],
  ])('%s', (url, problem) => {
    const result = checkBaseUrl(url);
    if (problem === undefined) expect(result).toBeUndefined();
    else expect(result).toMatch(problem);
  });
});

test('detectStorage prefers OfficeRuntime.storage, then localStorage, then memory', async () => {
  const office = createMemoryStorage();
  await detectStorage({ OfficeRuntime: { storage: office } }).setItem('a', '1');
  expect(await office.getItem('a')).toBe('1');
  const values = new Map<string, string>();
  const local = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), removeItem: (k: string) => void values.delete(k) } as unknown as Storage;
  await detectStorage({ localStorage: local }).setItem('b', '2');
  expect(values.get('b')).toBe('2');
  const memory = detectStorage({});
  await memory.setItem('c', '3');
  expect(await memory.getItem('c')).toBe('3');
});
