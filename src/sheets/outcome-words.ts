/*
 * What the add-in's sheet runs say when they stop short, in the pane's language: BOM summary and
 * Parts in use cancelled or failed, Refresh's recalculation failed, an import that is not recorded,
 * whose table is gone, or that failed or was cancelled before any row. English keeps the sentences
 * these runs said before, word for word. A failure's own detail is kept in Japanese and Chinese
 * only when it is in that language already (Excel's and the service's common failures, said by
 * their words modules) or is the service's own text.
 */
import { isDownloadFormatError, isHttpError, messageOfBody } from '../../api/errors';
import type { Lang } from '../../api/vocabulary';
import { userMessageOf } from '../../core/enrich/failures';
import { describePaneServiceError } from '../../core/pane-service-error-words';
import { describeRareServiceError } from '../../core/service-error-words';
import { describeOfficeError } from './office-errors';

/** A sheet that holds no BOM, as Parts in use names the first: its name and why (`said` in the language, else the locator's English). */
interface UnreadSheet {
  sheet: string;
  message: string;
  said?: string;
}

interface OutcomeWords {
  summaryCancelled: string;
  /** A summary that failed for a reason other than a BOM not found or the service's common failures. */
  summaryFailed: (detail: string | undefined) => string;
  partsCancelled: string;
  /** Parts in use failed for a reason other than the service's common failures. */
  partsFailed: (detail: string | undefined) => string;
  /** No sheet of the workbook holds a BOM; the first sheet's reason. */
  noBomSheet: (first: UnreadSheet | undefined) => string;
  recalculationFailed: (detail: string | undefined) => string;
  notRecorded: (table: string) => string;
  tableGone: (table: string) => string;
  /** The cell above an imported table holds text of the user's, not the status line: Refresh leaves the table. */
  statusLineTaken: (table: string, cell: string) => string;
  importCancelledBeforeRows: string;
  /** A download file PartSpec cannot read: what arrived (the file's own description). */
  unreadableDownload: (what: string) => string;
  importFailed: (detail: string | undefined) => string;
}

const tail = (detail: string | undefined): string => (detail ? ` ${detail}` : '');

const EN: OutcomeWords = {
  summaryCancelled: 'The summary was cancelled; the workbook is unchanged.',
  summaryFailed: (detail) => detail ?? '',
  partsCancelled: 'Parts in use was cancelled; the workbook is unchanged.',
  partsFailed: (detail) => detail ?? '',
  noBomSheet: (first) => `No sheet of this workbook holds a BOM PartSpec can read${first ? ` (sheet '${first.sheet}': ${first.message})` : ''}. Nothing was written.`,
  recalculationFailed: (detail) => `Recalculation failed: ${detail ?? ''}`,
  notRecorded: (table) => `No import is recorded for the table ${table}.`,
  tableGone: (table) => `The table ${table} is no longer in the workbook.`,
  statusLineTaken: (table, cell) => `${cell}, above the table ${table}, holds text that is not PartSpec's status line: the table is left as it was. Clear ${cell} to refresh it.`,
  importCancelledBeforeRows: 'The import was cancelled before any row was written.',
  unreadableDownload: (what) => `${what} Nothing was written. Request a new download link and try again.`,
  importFailed: (detail) => detail ?? '',
};

const JA: OutcomeWords = {
  summaryCancelled: '集計は取り消されました。ブックは変更されていません。',
  summaryFailed: (detail) => `BOM の集計を作成できませんでした。${tail(detail)}`,
  partsCancelled: '「シート全体の使用部品」は取り消されました。ブックは変更されていません。',
  partsFailed: (detail) => `使用部品の一覧を作成できませんでした。${tail(detail)}`,
  noBomSheet: (first) => `このブックには PartSpec が読み取れる BOM のシートがありません。何も書き込んでいません。${first ? ` ${first.said ?? `シート「${first.sheet}」: ${first.message}`}` : ''}`,
  recalculationFailed: (detail) => `再計算できませんでした。${tail(detail)}`,
  notRecorded: (table) => `表 ${table} のインポートは記録されていません。`,
  tableGone: (table) => `表 ${table} はもうブックにありません。`,
  statusLineTaken: (table, cell) => `表 ${table} の上のセル ${cell} には PartSpec の状態行ではない文字があるため、表はそのままにしました。更新するには ${cell} を空にしてください。`,
  importCancelledBeforeRows: 'インポートは行を書き込む前に取り消されました。',
  unreadableDownload: () => 'ダウンロードしたファイルを読み取れませんでした。何も書き込んでいません。新しいダウンロードリンクを取得して再実行してください。',
  importFailed: (detail) => `インポートできませんでした。${tail(detail)}`,
};

const ZH: OutcomeWords = {
  summaryCancelled: '汇总已取消；工作簿未更改。',
  summaryFailed: (detail) => `无法生成 BOM 汇总。${tail(detail)}`,
  partsCancelled: '“各工作表的在用零件”已取消；工作簿未更改。',
  partsFailed: (detail) => `无法生成在用零件列表。${tail(detail)}`,
  noBomSheet: (first) => `此工作簿中没有 PartSpec 能读取的 BOM 工作表。未写入任何内容。${first ? ` ${first.said ?? `工作表“${first.sheet}”：${first.message}`}` : ''}`,
  recalculationFailed: (detail) => `重新计算失败。${tail(detail)}`,
  notRecorded: (table) => `表 ${table} 没有导入记录。`,
  tableGone: (table) => `表 ${table} 已不在工作簿中。`,
  statusLineTaken: (table, cell) => `表 ${table} 上方的单元格 ${cell} 中的文字不是 PartSpec 的状态行，表保持不变。要刷新，请清空 ${cell}。`,
  importCancelledBeforeRows: '导入在写入任何行之前已取消。',
  unreadableDownload: () => '无法读取下载的文件。未写入任何内容。请获取新的下载链接后重试。',
  importFailed: (detail) => `导入失败。${tail(detail)}`,
};

/** The words of each language. */
export const OUTCOME_WORDS: Readonly<Record<Lang, OutcomeWords>> = { en: EN, ja: JA, zh: ZH };

/**
 * A failure's detail in `lang`: in English its own sentence; in Japanese or Chinese Excel's or the
 * service's failure in that language, else the service's own text, else none.
 */
export function failureDetail(error: unknown, lang: Lang | undefined): string | undefined {
  if (lang === undefined || lang === 'en') return userMessageOf(error);
  const said = describePaneServiceError(error, lang) ?? describeRareServiceError(error, lang, { ja: '設定', zh: '设置' }) ?? describeOfficeError(error, lang);
  if (said !== undefined) return said;
  return isHttpError(error) ? messageOfBody(error.body) : undefined;
}

/** A download file that could not be read, in `lang`; undefined for any other failure. */
export function unreadableDownload(error: unknown, lang: Lang | undefined): string | undefined {
  return isDownloadFormatError(error) ? OUTCOME_WORDS[lang ?? 'en'].unreadableDownload(error.message) : undefined;
}
