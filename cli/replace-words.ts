/*
 * What `partspec replace` says in the run's language (--lang): its notes and refusals on stderr
 * and the headers of the table of changed cells on stdout. The verdict on the two parts and the
 * refusals of --undo are the core's (core/replace/replace-words.ts); here they are framed with what
 * the command did about them. Usage errors about flags stay English, as every command's do.
 */
import type { Lang } from '../api/vocabulary';

/** How much was searched: the BOM sheets and the files they are in. */
interface Searched {
  boms: number;
  files: number;
}

interface ReplaceCommandWords {
  /** The table's headers: File, Sheet, Cell, Before, After. */
  headers: readonly [string, string, string, string, string];
  reading: string;
  notPart: (input: string) => string;
  samePart: (part: string) => string;
  logIsLink: (log: string) => string;
  logExists: (log: string) => string;
  logMissing: (log: string) => string;
  logUnreadable: (log: string, code: string) => string;
  /** `reason` is the core's, in the language. */
  logNotUndoable: (log: string, reason: string) => string;
  nothingPutBack: (refusal: string) => string;
  alreadyBack: (file: string) => string;
  putBack: (cells: number, files: number, newPart: string, oldPart: string, log: string) => string;
  /** The verdict's sentence (in the language) and what the command did about it. */
  nothingWritten: (verdict: string) => string;
  giveAccept: (verdict: string) => string;
  replacedAnyway: (verdict: string) => string;
  formula: (file: string, cell: string, oldPart: string) => string;
  noCell: (oldPart: string, searched: Searched) => string;
  wouldChange: (cells: number, files: number, searched: Searched) => string;
  changedWhileRead: (file: string, log: string) => string;
  replaced: (oldPart: string, newPart: string, cells: number, files: number, searched: Searched, logPath: string) => string;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const enSearched = (s: Searched): string => `${plural(s.boms, 'BOM sheet')} in ${plural(s.files, 'file')}`;

const EN: ReplaceCommandWords = {
  headers: ['File', 'Sheet', 'Cell', 'Before', 'After'],
  reading: 'Reading',
  notPart: (input) => `'${input}' is not a part number.`,
  samePart: (part) => `OLD and NEW are the same part (${part}).`,
  logIsLink: (log) => `${log} is a link; partspec writes a log only to a new file: give another --log (nothing was written).`,
  logExists: (log) => `${log} exists already; partspec does not overwrite a log (it may be the only way back): give another --log (nothing was written).`,
  logMissing: (log) => `${log} does not exist.`,
  logUnreadable: (log, code) => `${log} cannot be read (${code}).`,
  logNotUndoable: (log, reason) => `${log} cannot be undone: ${reason}.`,
  nothingPutBack: (refusal) => `${refusal.replace(/\.$/, '')}; nothing was put back.`,
  alreadyBack: (file) => `${file} is as it was before the replacement already.`,
  putBack: (cells, files, newPart, oldPart, log) => `Put back ${plural(cells, 'cell')} in ${plural(files, 'file')} (${newPart} → ${oldPart}) from ${log}.`,
  nothingWritten: (verdict) => `${verdict} Nothing was written.`,
  giveAccept: (verdict) => `${verdict} Give --accept-differences to replace it anyway; nothing was written.`,
  replacedAnyway: (verdict) => `${verdict} Replaced anyway (--accept-differences).`,
  formula: (file, cell, oldPart) => `${file}: ${cell} holds ${oldPart} through a formula; it is left as it is.`,
  noCell: (oldPart, searched) => `No cell holds ${oldPart} (${enSearched(searched)} searched); nothing was written.`,
  wouldChange: (cells, files, searched) => `${plural(cells, 'cell')} in ${plural(files, 'file')} would change (${enSearched(searched)} searched); nothing was written (--dry-run).`,
  changedWhileRead: (file, log) => `${file} changed while partspec read it; it is left as it was (the log ${log} records what the files before it took).`,
  replaced: (oldPart, newPart, cells, files, searched, logPath) =>
    `Replaced ${oldPart} by ${newPart} in ${plural(cells, 'cell')} of ${plural(files, 'file')} (${enSearched(searched)} searched). Log: ${logPath}; partspec replace --undo puts it back.`,
};

const jaSearched = (s: Searched): string => `${s.files} 個のファイルの BOM シート ${s.boms} 枚を検索`;

const JA: ReplaceCommandWords = {
  headers: ['ファイル', 'シート', 'セル', '変更前', '変更後'],
  reading: '読み取り中',
  notPart: (input) => `「${input}」は品番ではありません。`,
  samePart: (part) => `OLD と NEW が同じ部品です（${part}）。`,
  logIsLink: (log) => `${log} はリンクです。partspec はログを新しいファイルにだけ書きます。別の --log を指定してください（何も書き込んでいません）。`,
  logExists: (log) => `${log} はすでにあります。partspec はログを上書きしません（元に戻す唯一の手段かもしれません）。別の --log を指定してください（何も書き込んでいません）。`,
  logMissing: (log) => `${log} がありません。`,
  logUnreadable: (log, code) => `${log} を読み取れません（${code}）。`,
  logNotUndoable: (log, reason) => `${log} では元に戻せません: ${reason}。`,
  nothingPutBack: (refusal) => `${refusal}何も戻していません。`,
  alreadyBack: (file) => `${file} はすでに置換前の状態です。`,
  putBack: (cells, files, newPart, oldPart, log) => `${log} から ${files} 個のファイルの ${cells} セルを戻しました（${newPart} → ${oldPart}）。`,
  nothingWritten: (verdict) => `${verdict}何も書き込んでいません。`,
  giveAccept: (verdict) => `${verdict}それでも置換するには --accept-differences を指定してください。何も書き込んでいません。`,
  replacedAnyway: (verdict) => `${verdict}--accept-differences の指定により置換しました。`,
  formula: (file, cell, oldPart) => `${file}: ${cell} は数式で ${oldPart} を表示しています。そのままにしました。`,
  noCell: (oldPart, searched) => `${oldPart} のセルはありません（${jaSearched(searched)}）。何も書き込んでいません。`,
  wouldChange: (cells, files, searched) => `${files} 個のファイルの ${cells} セルが変わります（${jaSearched(searched)}）。何も書き込んでいません（--dry-run）。`,
  changedWhileRead: (file, log) => `${file} は partspec が読み取っている間に変更されました。元のままにしました（それより前のファイルの変更はログ ${log} に記録されています）。`,
  replaced: (oldPart, newPart, cells, files, searched, logPath) =>
    `${files} 個のファイルの ${cells} セルで ${oldPart} を ${newPart} に置換しました（${jaSearched(searched)}）。ログ: ${logPath}。partspec replace --undo で元に戻せます。`,
};

const zhSearched = (s: Searched): string => `已搜索 ${s.files} 个文件中的 ${s.boms} 个 BOM 工作表`;

const ZH: ReplaceCommandWords = {
  headers: ['文件', '工作表', '单元格', '替换前', '替换后'],
  reading: '读取中',
  notPart: (input) => `“${input}”不是型号。`,
  samePart: (part) => `OLD 和 NEW 是同一个零件（${part}）。`,
  logIsLink: (log) => `${log} 是链接；partspec 只把日志写入新文件：请指定另一个 --log（未写入任何内容）。`,
  logExists: (log) => `${log} 已存在；partspec 不会覆盖日志（它可能是唯一的恢复途径）：请指定另一个 --log（未写入任何内容）。`,
  logMissing: (log) => `${log} 不存在。`,
  logUnreadable: (log, code) => `无法读取 ${log}（${code}）。`,
  logNotUndoable: (log, reason) => `无法按 ${log} 撤销：${reason}。`,
  nothingPutBack: (refusal) => `${refusal.replace(/。$/, '')}；未恢复任何内容。`,
  alreadyBack: (file) => `${file} 已经是替换前的状态。`,
  putBack: (cells, files, newPart, oldPart, log) => `已按 ${log} 恢复 ${files} 个文件中的 ${cells} 个单元格（${newPart} → ${oldPart}）。`,
  nothingWritten: (verdict) => `${verdict}未写入任何内容。`,
  giveAccept: (verdict) => `${verdict}如仍要替换，请指定 --accept-differences；未写入任何内容。`,
  replacedAnyway: (verdict) => `${verdict}已按 --accept-differences 替换。`,
  formula: (file, cell, oldPart) => `${file}：${cell} 通过公式显示 ${oldPart}；保持原样。`,
  noCell: (oldPart, searched) => `没有单元格是 ${oldPart}（${zhSearched(searched)}）；未写入任何内容。`,
  wouldChange: (cells, files, searched) => `${files} 个文件中的 ${cells} 个单元格将被更改（${zhSearched(searched)}）；未写入任何内容（--dry-run）。`,
  changedWhileRead: (file, log) => `${file} 在 partspec 读取时被修改；保持原样（之前文件的更改记录在日志 ${log} 中）。`,
  replaced: (oldPart, newPart, cells, files, searched, logPath) =>
    `已在 ${files} 个文件的 ${cells} 个单元格中把 ${oldPart} 替换为 ${newPart}（${zhSearched(searched)}）。日志：${logPath}；partspec replace --undo 可撤销。`,
};

/** `partspec replace`'s words in each language. */
export const REPLACE_COMMAND_WORDS: Readonly<Record<Lang, ReplaceCommandWords>> = { en: EN, ja: JA, zh: ZH };
