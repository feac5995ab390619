/** A key goes only where the user sent it: never to the local emulator's default address by default. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_KEY } from '../../../emulator';
import { DEFAULT_BASE_URL, resolveConfig } from '../../../node/config';

let home: string;
beforeAll(() => {
  home = mkdtempSync(path.join(tmpdir(), 'partspec-key-destination-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const env = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), APPDATA: home, ...extra });

test('a real key with no base URL is refused in one sentence naming PARTSPEC_BASE_URL, from the environment or a flag', () => {
  for (const [flags, extra] of [[{}, { PARTSPEC_API_KEY: 'real-maker-key-123456' }], [{ 'api-key': 'real-maker-key-123456' }, {}]] as const) {
    let message = '';
    try {
      resolveConfig({ ...flags }, env(extra));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^An API key is set but no base URL.*PARTSPEC_BASE_URL.*\.$/);
    expect(message).toContain(DEFAULT_BASE_URL);
    expect(message).not.toContain('real-maker-key');
  }
});

test('the demo key, no key, or an address the user gave (even the default one) are accepted', () => {
  expect(resolveConfig({}, env({})).apiKey).toBe(DEMO_KEY);
  expect(resolveConfig({}, env({ PARTSPEC_API_KEY: DEMO_KEY })).apiKey).toBe(DEMO_KEY);
  expect(resolveConfig({}, env({ PARTSPEC_API_KEY: 'real-maker-key-123456', PARTSPEC_BASE_URL: DEFAULT_BASE_URL })).baseUrl).toBe(DEFAULT_BASE_URL);
  expect(resolveConfig({ 'base-url': 'https://api.example.com' }, env({ PARTSPEC_API_KEY: 'real-maker-key-123456' })).baseUrl).toBe('https://api.example.com');
});
