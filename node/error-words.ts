/*
 * The service's failures most often met, said to the user in Japanese or Chinese when the run's
 * language is one of them (--lang): no key set, the key refused, the service out of reach or too slow, limiting
 * requests, or failing on its side; the rarer ones (core/service-error-words.ts) too. English keeps
 * the typed errors' own sentences (node/errors.ts).
 */
import type { Lang } from '../api/vocabulary';
import { describeRareServiceError } from '../core/service-error-words';
import { isAuthError, isNetworkError, isRateLimitError, isServerError, isTimeoutError } from '../api/errors';

interface ErrorWords {
  /** No key in the flags, the environment or the config file (cli/client.ts MissingKeyError). */
  missingKey: string;
  auth: string;
  unreachable: (baseUrl: string, timedOut: boolean) => string;
  rateLimit: string;
  server: (status: number) => string;
}

const JA: ErrorWords = {
  missingKey: 'API キーが設定されていません。--api-key を指定するか、PARTSPEC_API_KEY を設定するか、設定ファイルに "apiKey" を書いてください。',
  auth: 'API キーが拒否されました（403）。--base-url/--api-key、PARTSPEC_BASE_URL/PARTSPEC_API_KEY または設定ファイルを確認してください。',
  unreachable: (baseUrl, timedOut) =>
    `${baseUrl} の製品サービス${timedOut ? 'が時間内に応答しませんでした' : 'に接続できませんでした'}。ネットワークとアドレス（--base-url、PARTSPEC_BASE_URL または設定ファイル）を確認してください。ローカルのエミュレーターなら 'partspec emulator' を実行してください。`,
  rateLimit: '製品サービスがリクエストを制限しています（429）。少し待ってから再実行するか、一度に照会する部品を減らしてください。',
  server: (status) => `製品サービス側で問題が起きました（${status}）。数分後に再実行してください。`,
};

const ZH: ErrorWords = {
  missingKey: '未设置 API 密钥：请使用 --api-key、设置 PARTSPEC_API_KEY，或在配置文件中写入 "apiKey"。',
  auth: 'API 密钥被拒绝（403）：请检查 --base-url/--api-key、PARTSPEC_BASE_URL/PARTSPEC_API_KEY 或配置文件。',
  unreachable: (baseUrl, timedOut) =>
    `${baseUrl} 的产品服务${timedOut ? '未能及时响应' : '无法连接'}。请检查网络和地址（--base-url、PARTSPEC_BASE_URL 或配置文件）；如使用本地模拟器，请运行 'partspec emulator'。`,
  rateLimit: '产品服务正在限制请求（429）。请稍等片刻后重试，或一次查询更少的零件。',
  server: (status) => `产品服务端出现问题（${status}）。请几分钟后重试。`,
};

/** Where the command line sets the service address, as a 404's sentence names it. */
const WHERE = { ja: '--base-url、PARTSPEC_BASE_URL または設定ファイル', zh: '--base-url、PARTSPEC_BASE_URL 或配置文件' };

const WORDS: Readonly<Partial<Record<Lang, ErrorWords>>> = { ja: JA, zh: ZH };

/**
 * The sentence for a service failure in `lang`, or undefined when the typed error's own (English)
 * sentence is the one to print: in English, and for failures that are not the service's.
 */
export function describeServiceError(error: unknown, lang: Lang | undefined, baseUrl: string | undefined): string | undefined {
  const words = lang === undefined ? undefined : WORDS[lang];
  if (!words) return undefined;
  // The command line's own error (cli/ sits above node/, so it is known by its name).
  if (error instanceof Error && error.name === 'MissingKeyError') return words.missingKey;
  if (isAuthError(error)) return words.auth;
  if ((isNetworkError(error) || isTimeoutError(error)) && baseUrl) return words.unreachable(baseUrl, isTimeoutError(error));
  if (isRateLimitError(error)) return words.rateLimit;
  if (isServerError(error)) return words.server(error.status);
  return describeRareServiceError(error, lang, WHERE);
}
