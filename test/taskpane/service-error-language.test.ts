import { createClient } from '../../api/client/create-client';
import type { Client } from '../../api/client/client-types';
import { isApiError } from '../../api/errors/api-error';
import { isValidationError } from '../../api/errors/validation-error';
import { DEMO_KEY } from '../../emulator';
import { describeConnectionFailure, describeError } from '../../src/taskpane/describe-error';
import { STATUS_MEANINGS } from '../../api/vocabulary';
import { MESSAGES } from '../../src/taskpane/i18n';
import { createTranslator } from '../../src/taskpane/i18n';
import { useEmulator } from '../support/use-emulator';

/*
 * The service's common failures as the pane says them: the client's own English sentence in
 * English, and the shared Japanese or Chinese sentence (pointing at Settings) in those languages.
 * The failures are real: the emulator refuses the key, limits requests or fails on its side, and
 * nothing answers at a closed address.
 */

const emulator = useEmulator();
afterEach(() => emulator.configure({ keys: [DEMO_KEY], rateLimit: undefined, failRate: 0 }));

const clientAt = (url: string): Client =>
  createClient({ baseUrl: url, apiKey: DEMO_KEY, cache: false, retry: { limit: 1, budgetMs: 3000, initialDelay: 1, backoffLimit: 5, maxRetryAfter: 5 } });
const failureOf = (client: Client): Promise<unknown> => client.search({ category: 'inductors' }).then(() => undefined, (error: unknown) => error);

/** The English words of the client's sentences that must not reach a Japanese or Chinese pane. */
const ENGLISH = /API key was|product service|could not be reached|cannot be reached|Try again|Settings|Wait a minute/;

const cases: [string, () => Promise<unknown>, RegExp, RegExp][] = [
  ['a refused key (403)', async () => { emulator.configure({ keys: ['another-key'] }); return failureOf(clientAt(emulator.url)); }, /API キーが拒否されました（403）。設定/, /API 密钥被拒绝（403）。请在设置/],
  ['a limit on requests (429)', async () => { emulator.configure({ rateLimit: { max: 0, windowSeconds: 1 } }); return failureOf(clientAt(emulator.url)); }, /制限しています（429）/, /正在限制请求（429）/],
  ['a failure on the service side (500)', async () => { emulator.configure({ failRate: 1 }); return failureOf(clientAt(emulator.url)); }, /製品サービス側で問題が起きました（500）/, /产品服务端出现问题（500）/],
  ['nothing answering at the address', () => failureOf(clientAt('http://127.0.0.1:1')), /127\.0\.0\.1:1に接続できませんでした。.*設定のサービスのアドレス/, /无法连接http:\/\/127\.0\.0\.1:1。.*设置中的服务地址/],
];

test.each(cases)('%s: English keeps the client\'s sentence; Japanese and Chinese say it in their words', async (_name, fail, ja, zh) => {
  const error = await fail();
  expect(isApiError(error)).toBe(true);
  if (!isApiError(error)) return;
  expect(describeError(error, createTranslator('en'))).toBe(error.userMessage);
  expect(describeError(error, createTranslator('en'), 'en')).toBe(error.userMessage);
  const inJapanese = describeError(error, createTranslator('ja'), 'ja');
  const inChinese = describeError(error, createTranslator('zh'), 'zh');
  expect(inJapanese).toMatch(ja);
  expect(inChinese).toMatch(zh);
  expect(inJapanese).not.toMatch(ENGLISH);
  expect(inChinese).not.toMatch(ENGLISH);
}, 20_000);

test('no API key yet: the client refuses before any request, and the pane says so in its language', async () => {
  // The pane's client reads the key from the settings store at each request, as here.
  const keyless = createClient({ baseUrl: emulator.url, getApiKey: async () => '', cache: false });
  const error = await failureOf(keyless);
  expect(isValidationError(error)).toBe(true);
  expect(describeError(error, createTranslator('en'), 'en')).toBe('No API key is set. Enter it in Settings.');
  expect(describeError(error, createTranslator('ja'), 'ja')).toBe('API キーが設定されていません。「設定」で入力してください。');
  expect(describeError(error, createTranslator('zh'), 'zh')).toBe('未设置 API 密钥。请在“设置”中输入。');
});

test('Settings → Test connection says the status\'s meaning in the pane\'s language; English keeps the spec\'s words', async () => {
  emulator.configure({ keys: ['another-key'] });
  const report = await clientAt(emulator.url).testConnection();
  expect(report.ok).toBe(false);
  if (report.ok) return;
  expect(report.status).toBe(403);
  const english = describeConnectionFailure(report, createTranslator('en'), 'en');
  expect(english).toBe(`Status 403: ${STATUS_MEANINGS[403]}. ${isApiError(report.error) ? report.error.userMessage : ''}`);
  expect(describeConnectionFailure(report, createTranslator('ja'), 'ja')).toBe('ステータス 403: 指定した API キー、API メソッドまたはリソースに問題があります。 API キーが拒否されました（403）。設定で確認してください。');
  const chinese = describeConnectionFailure(report, createTranslator('zh'), 'zh');
  expect(chinese).toMatch(/^状态 403：所指定的 API 密钥/);
  for (const said of [chinese, describeConnectionFailure(report, createTranslator('ja'), 'ja')]) expect(said.replace(/API/g, '').match(/[A-Za-z]{2,}/g)).toBeNull();
  // Every status of the spec's table has its meaning in each language; English's are the spec's own.
  for (const [status, meaning] of Object.entries(STATUS_MEANINGS)) {
    expect(MESSAGES.en[`statusMeaning_${status}` as keyof typeof MESSAGES.en]).toBe(meaning);
    for (const lang of ['ja', 'zh'] as const) expect(MESSAGES[lang][`statusMeaning_${status}` as keyof typeof MESSAGES.en]).not.toMatch(/[A-Za-z]{4,}/);
  }
});
