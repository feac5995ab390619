/*
 * The service's failures most often met (the key refused, the service out of reach or too slow,
 * limiting requests, failing on its side), said in Japanese or Chinese where the address, key and
 * timeout are set in the pane's Settings. The command line has its own sentences, which name its
 * flags and config file (node/error-words.ts); English keeps the typed errors' own (api/errors).
 */
import { isAuthError, isNetworkError, isRateLimitError, isServerError, isTimeoutError } from '../api/errors';
import type { Lang } from '../api/vocabulary';

interface PaneErrorWords {
  auth: string;
  cors: (origin: string) => string;
  unreachable: (origin: string | undefined) => string;
  timeout: (seconds: number) => string;
  rateLimit: (waitSeconds: number | undefined) => string;
  server: (status: number) => string;
}

const JA: PaneErrorWords = {
  auth: 'API キーが拒否されました（403）。設定で確認してください。',
  cors: (origin) => `${origin} のサービスは応答しましたが、Excel アドインからの呼び出しを許可していません（CORS）。PartSpec サーバーを使ってください（README：チームへの展開）。`,
  unreachable: (origin) => `${origin ?? '製品サービス'}に接続できませんでした。ネットワーク接続と、設定のサービスのアドレスを確認してください。`,
  timeout: (seconds) => `製品サービスが ${seconds} 秒以内に応答しませんでした。再実行するか、設定でタイムアウトを延ばしてください。`,
  rateLimit: (wait) =>
    `製品サービスがリクエストを制限しています（429）。${wait === undefined ? '' : `サービスは ${wait} 秒待つよう求めています。`}少し待ってから再実行するか、一度に照会する部品を減らしてください。`,
  server: (status) => `製品サービス側で問題が起きました（${status}）。数分後に再実行してください。`,
};

const ZH: PaneErrorWords = {
  auth: 'API 密钥被拒绝（403）。请在设置中检查。',
  cors: (origin) => `${origin} 的服务有应答，但不允许 Excel 加载项调用（CORS）。请使用 PartSpec 服务器（README：为团队部署）。`,
  unreachable: (origin) => `无法连接${origin ?? '产品服务'}。请检查网络连接和设置中的服务地址。`,
  timeout: (seconds) => `产品服务未在 ${seconds} 秒内应答。请重试，或在设置中提高超时时间。`,
  rateLimit: (wait) => `产品服务正在限制请求（429）。${wait === undefined ? '' : `服务要求等待 ${wait} 秒。`}请稍等片刻后重试，或一次查询更少的零件。`,
  server: (status) => `产品服务端出现问题（${status}）。请几分钟后重试。`,
};

const WORDS: Readonly<Partial<Record<Lang, PaneErrorWords>>> = { ja: JA, zh: ZH };

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The pane's sentence for one of the common service failures in `lang`, or undefined in English
 * and for any other failure (the caller then uses the error's own sentence).
 */
export function describePaneServiceError(error: unknown, lang: Lang | undefined): string | undefined {
  const words = lang === undefined ? undefined : WORDS[lang];
  if (!words) return undefined;
  if (isAuthError(error)) return words.auth;
  if (isNetworkError(error)) {
    const origin = originOf(error.request?.url);
    return error.reachability === 'cors' && origin ? words.cors(origin) : words.unreachable(origin);
  }
  if (isTimeoutError(error)) return words.timeout(Math.round(error.timeoutMs / 1000));
  if (isRateLimitError(error)) return words.rateLimit(error.retryAfter === undefined ? undefined : Math.ceil(error.retryAfter / 1000));
  if (isServerError(error)) return words.server(error.status);
  return undefined;
}
