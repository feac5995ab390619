/*
 * Why a compliance pack's document was not fetched, in each language: the manifest keeps the
 * English reason (JSON stays English), and the note on stderr says it in the run's language.
 */
import type { Lang } from '../../api/vocabulary';

/** Why one document link was not fetched. */
export type DocumentRefusal =
  | { kind: 'notUrl' }
  | { kind: 'credentials' }
  | { kind: 'plainHttp' }
  | { kind: 'scheme'; scheme: string }
  | { kind: 'full'; count: number }
  | { kind: 'noLocation'; status: number }
  | { kind: 'otherSite'; origin: string }
  | { kind: 'redirects'; most: number }
  | { kind: 'status'; status: number }
  | { kind: 'declaredTooLarge'; bytes: number; most: number }
  | { kind: 'tooLarge'; most: number }
  | { kind: 'failed'; detail: string };

interface DocumentWords {
  reason: (why: DocumentRefusal) => string;
  notFetched: (url: string, reason: string) => string;
}

const EN: DocumentWords = {
  reason: (why) => {
    switch (why.kind) {
      case 'notUrl':
        return 'it is not a web address';
      case 'credentials':
        return 'it carries a user name or password';
      case 'plainHttp':
        return 'it is not https (only a local emulator may use http)';
      case 'scheme':
        return `its scheme ${why.scheme} is not https`;
      case 'full':
        return `the pack already holds ${why.count} documents`;
      case 'noLocation':
        return `it answered ${why.status} without a new address`;
      case 'otherSite':
        return `it redirects to another site (${why.origin})`;
      case 'redirects':
        return `it redirects more than ${why.most} times`;
      case 'status':
        return `it answered ${why.status}`;
      case 'declaredTooLarge':
        return `it is ${why.bytes} bytes, over the limit of ${why.most}`;
      case 'tooLarge':
        return `it is over the limit of ${why.most} bytes`;
      case 'failed':
        return `it could not be fetched (${why.detail})`;
    }
  },
  notFetched: (url, reason) => `Document ${url} was not fetched: ${reason}.`,
};

const JA: DocumentWords = {
  reason: (why) => {
    switch (why.kind) {
      case 'notUrl':
        return 'ウェブアドレスではありません';
      case 'credentials':
        return 'ユーザー名またはパスワードを含んでいます';
      case 'plainHttp':
        return 'https ではありません（http はローカルのエミュレーターだけです）';
      case 'scheme':
        return `スキーム ${why.scheme} は https ではありません`;
      case 'full':
        return `資料パックにはすでに ${why.count} 件の資料があります`;
      case 'noLocation':
        return `応答 ${why.status} に移動先のアドレスがありません`;
      case 'otherSite':
        return `別のサイト（${why.origin}）へ転送されます`;
      case 'redirects':
        return `転送が ${why.most} 回を超えます`;
      case 'status':
        return `応答は ${why.status} でした`;
      case 'declaredTooLarge':
        return `${why.bytes} バイトあり、上限の ${why.most} バイトを超えます`;
      case 'tooLarge':
        return `上限の ${why.most} バイトを超えます`;
      case 'failed':
        return `取得できませんでした（${why.detail}）`;
    }
  },
  notFetched: (url, reason) => `資料 ${url} は取得しませんでした: ${reason}。`,
};

const ZH: DocumentWords = {
  reason: (why) => {
    switch (why.kind) {
      case 'notUrl':
        return '它不是网址';
      case 'credentials':
        return '它包含用户名或密码';
      case 'plainHttp':
        return '它不是 https（只有本地模拟器可以使用 http）';
      case 'scheme':
        return `其协议 ${why.scheme} 不是 https`;
      case 'full':
        return `资料包已有 ${why.count} 个文件`;
      case 'noLocation':
        return `它返回 ${why.status} 但没有新地址`;
      case 'otherSite':
        return `它重定向到另一个网站（${why.origin}）`;
      case 'redirects':
        return `重定向超过 ${why.most} 次`;
      case 'status':
        return `它返回 ${why.status}`;
      case 'declaredTooLarge':
        return `它有 ${why.bytes} 字节，超过上限 ${why.most}`;
      case 'tooLarge':
        return `超过上限 ${why.most} 字节`;
      case 'failed':
        return `无法获取（${why.detail}）`;
    }
  },
  notFetched: (url, reason) => `未获取文件 ${url}：${reason}。`,
};

/** The document refusals' words in each language. */
export const DOCUMENT_WORDS: Readonly<Record<Lang, DocumentWords>> = { en: EN, ja: JA, zh: ZH };
