/*
 * The service's rarer failures said in Japanese or Chinese (a query refused, information that does
 * not exist, a request too long, a download in no format PartSpec reads), for the command line and
 * the pane alike. Each shell says where the service address is set (flags and config file, or
 * Settings); English keeps the typed errors' own sentences (api/errors).
 */
import { isBadRequestError, isDownloadFormatError, isNotFoundError, isUriTooLongError } from '../api/errors';
import type { Lang } from '../api/vocabulary';

interface RareErrorWords {
  badRequest: string;
  notFound: (where: string) => string;
  uriTooLong: string;
  downloadFormat: string;
}

const JA: RareErrorWords = {
  badRequest: '製品サービスが照会を拒否しました（400）。フィルターと並べ替えの項目と値を確認してください。',
  notFound: (where) => `要求した情報は存在しません（404）。カテゴリーと、${where}のサービスのアドレスを確認してください。`,
  uriTooLong: 'リクエストがサービスには長すぎました（414）。品番を減らすかフィルターを短くするか、URL の上限を下げてください。',
  downloadFormat:
    'ダウンロードした製品ファイルは PartSpec が読める形式（JSON、CSV、TSV、xlsx。そのままか ZIP、gzip）のどれでもありません。何も書き込んでいません。新しいダウンロードリンクを要求して再実行してください。再び起きる場合は、サービスのファイル形式が変わっています。',
};

const ZH: RareErrorWords = {
  badRequest: '产品服务拒绝了查询（400）。请检查筛选和排序的字段及其值。',
  notFound: (where) => `请求的信息不存在（404）。请检查类别以及${where}中的服务地址。`,
  uriTooLong: '请求对服务来说太长（414）。请减少型号或缩短筛选条件，或降低 URL 上限。',
  downloadFormat: '下载的产品文件不是 PartSpec 能读取的任何格式（JSON、CSV、TSV 或 xlsx，原样或 ZIP、gzip 压缩）；未写入任何内容。请申请新的下载链接后重试；如果再次发生，说明服务更改了文件格式。',
};

const WORDS: Readonly<Partial<Record<Lang, RareErrorWords>>> = { ja: JA, zh: ZH };

/**
 * The sentence for one of the rarer service failures in `lang`, or undefined in English and for
 * any other failure. `where` names where the service address is set, in `lang` (the pane's
 * Settings, the command line's flags and config file).
 */
export function describeRareServiceError(error: unknown, lang: Lang | undefined, where: Partial<Record<Lang, string>>): string | undefined {
  const words = lang === undefined ? undefined : WORDS[lang];
  if (!words || lang === undefined) return undefined;
  if (isBadRequestError(error)) return words.badRequest;
  if (isNotFoundError(error)) return words.notFound(where[lang] ?? '');
  if (isUriTooLongError(error)) return words.uriTooLong;
  if (isDownloadFormatError(error)) return words.downloadFormat;
  return undefined;
}
