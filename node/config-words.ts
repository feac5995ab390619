/*
 * The command line's refusals of its settings in Japanese and Chinese, when the run's language is
 * one of them: a base URL that cannot be used, a key that would go to the local emulator's
 * default address, and a config file that cannot be read (when --lang or PARTSPEC_LANG names the
 * language: the file's own is not known before it is read). English keeps the sentences of api/base-url.ts and node/config.ts.
 */
import type { BaseUrlProblem } from '../api/base-url';
import { isLang, type Lang } from '../api/vocabulary/constants';

/** Where a setting came from, in the refusal's words: a flag or variable as it is, else the config file or the default. */
export type SettingOrigin = { kind: 'named'; name: string } | { kind: 'file'; path: string } | { kind: 'default' };

/** The refusals of one language. */
export interface ConfigWords {
  baseUrl: (problem: BaseUrlProblem, from: SettingOrigin) => string;
  keyToDefault: (address: string) => string;
  /** A config file that cannot be used. */
  file: {
    unreadable: (path: string, code: string) => string;
    notJson: (path: string) => string;
    notObject: (path: string) => string;
    notText: (path: string, key: string) => string;
  };
}

const JA: ConfigWords = {
  baseUrl: (problem, from) => {
    const origin = from.kind === 'named' ? from.name : from.kind === 'file' ? `設定ファイル ${from.path}` : '既定値';
    const why =
      problem.kind === 'empty'
        ? 'API のベース URL を指定してください（例: https://api.example.com）。'
        : problem.kind === 'notUrl'
          ? `「${problem.text}」はウェブアドレスではありません。https://（ローカルのエミュレーターなら http://）で始めてください。`
          : problem.kind === 'scheme'
            ? `「${problem.text}」は https:// で始めてください。`
            : problem.kind === 'plainHttp'
              ? `${problem.host} には https:// を使ってください。http:// はローカルのエミュレーターだけです。`
              : problem.kind === 'queryOrFragment'
                ? 'ベース URL にクエリ（?…）やフラグメント（#…）を含めないでください。'
                : 'ベース URL にユーザー名やパスワードを含めないでください。キーは PARTSPEC_API_KEY に設定します。';
    return `${why}（ベース URL の設定元: ${origin}）`;
  },
  keyToDefault: (address) =>
    `API キーが設定されていますがベース URL がありません。PartSpec はローカルのエミュレーターの既定のアドレス（${address}）にはキーを送りません（同じマシンの誰もが受け取れるためです）。PARTSPEC_BASE_URL（または --base-url）にサービスのアドレスを設定してください。`,
  file: {
    unreadable: (path, code) => `設定ファイル ${path} を読み取れません（${code}）。`,
    notJson: (path) => `設定ファイル ${path} は正しい JSON ではありません。`,
    notObject: (path) => `設定ファイル ${path} には {"baseUrl": "…", "apiKey": "…", "lang": "ja"} のような JSON オブジェクトを書いてください。`,
    notText: (path, key) => `設定ファイル ${path} の "${key}" は文字列にしてください。`,
  },
};

const ZH: ConfigWords = {
  baseUrl: (problem, from) => {
    const origin = from.kind === 'named' ? from.name : from.kind === 'file' ? `配置文件 ${from.path}` : '默认值';
    const why =
      problem.kind === 'empty'
        ? '请输入 API 基础 URL（例如 https://api.example.com）。'
        : problem.kind === 'notUrl'
          ? `“${problem.text}”不是网址：必须以 https://（本地模拟器可用 http://）开头。`
          : problem.kind === 'scheme'
            ? `“${problem.text}”必须以 https:// 开头。`
            : problem.kind === 'plainHttp'
              ? `${problem.host} 请使用 https://：只有本地模拟器可以使用 http://。`
              : problem.kind === 'queryOrFragment'
                ? '基础 URL 不能包含查询（?…）或片段（#…）。'
                : '基础 URL 不能包含用户名或密码：密钥应设置在 PARTSPEC_API_KEY 中。';
    return `${why}（基础 URL 来自 ${origin}）`;
  },
  keyToDefault: (address) =>
    `已设置 API 密钥但未设置基础 URL，而 PartSpec 不会把密钥发送到本地模拟器的默认地址（${address}），因为本机任何用户都可能在监听：请将 PARTSPEC_BASE_URL（或 --base-url）设为服务的地址。`,
  file: {
    unreadable: (path, code) => `无法读取配置文件 ${path}（${code}）。`,
    notJson: (path) => `配置文件 ${path} 不是有效的 JSON。`,
    notObject: (path) => `配置文件 ${path} 必须是 JSON 对象，例如 {"baseUrl": "…", "apiKey": "…", "lang": "zh"}。`,
    notText: (path, key) => `配置文件 ${path} 中的 "${key}" 必须是文本。`,
  },
};

const WORDS: Readonly<Partial<Record<Lang, ConfigWords>>> = { ja: JA, zh: ZH };

/** The refusals in `lang`, or undefined for English (whose sentences are the settings' own). */
export function configWordsIn(lang: string): ConfigWords | undefined {
  return isLang(lang) ? WORDS[lang] : undefined;
}
