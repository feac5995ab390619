/*
 * What `partspec enrich` and `partspec report` say on stderr while they run and when they are
 * done, in the run's language (--lang): the progress line, the summary sentences and the rows
 * --fail-on names. Usage errors and the file adapter's refusals stay in English: they are the
 * command line's own messages, said before a language matters.
 */
import type { Lang } from '../api/vocabulary';

/** The sentences of one language. */
export interface RunWords {
  /** Progress labels. */
  lookingUp: string;
  searching: string;
  findingReplacements: string;
  findingSuggestions: string;
  writing: string;
  cancelled: (out: string) => string;
  /** A run about to change the Match answer of most rows that had one (said before --out is written). */
  largeChange: (changed: number, answered: number) => string;
  /** Where a set's part numbers are: `Sheet 'BOM': part numbers in E2:E40 under 'MPN'.` (`header` '' for an empty header). */
  partNumbersIn: (sheet: string, second: boolean, where: string, header: string) => string;
  replacementsFailed: (why: string) => string;
  notCarried: (out: string, input: string, what: string) => string;
  /** `row` is the sheet row, with a second source's header after it. */
  ambiguousRow: (row: string, text: string, reason: string | undefined) => string;
  notFoundRow: (row: string, text: string, uncovered: string | undefined, likely: string | undefined) => string;
  invalidRow: (row: string, text: string, reason: string | undefined) => string;
  written: (summary: string, columns: number, updated: number, out: string) => string;
  secondSource: (source: string, summary: string) => string;
  enrichSuggested: (suggested: number, asked: number) => string;
  changedRows: (n: number, edits: number) => string;
  failChanged: (row: string, text: string, changes: string) => string;
  /** `level` is the level's word in this language. */
  failRisk: (row: string, text: string, level: string, reason: string) => string;
  failOnTotal: (conditions: string, findings: number, exit: number) => string;
  summarySheet: (name: string, target: string, rows: number, bomSheet: string, charts: number) => string;
  htmlWritten: (file: string) => string;
  jsonWritten: (file: string) => string;
  reportSuggested: (suggested: number, asked: number) => string;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const EN: RunWords = {
  lookingUp: 'Looking up',
  searching: 'Looking for replacements and suggestions',
  findingReplacements: 'Looking for replacements',
  findingSuggestions: 'Finding suggestions',
  writing: 'Writing',
  cancelled: (out) => `The enrichment was cancelled before ${out} was written; it keeps its previous content.`,
  largeChange: (changed, answered) =>
    `This run changes the Match answer of ${changed} of the ${answered} rows the last run answered: check that the part-number column and the service are the ones meant.`,
  partNumbersIn: (sheet, second, where, header) =>
    `Sheet '${sheet}': ${second ? 'second-source part numbers' : 'part numbers'} in ${where} ${header.trim() === '' ? 'under an empty header' : `under '${header}'`}.`,
  replacementsFailed: (why) => `Replacements: ${why}`,
  notCarried: (out, input, what) => `${out}: not carried over from ${input}: ${what}.`,
  ambiguousRow: (row, text, reason) => `Row ${row}: '${text}' is ambiguous${reason ? `: ${reason}` : ''}`,
  notFoundRow: (row, text, uncovered, likely) => `Row ${row}: '${text}' not found${uncovered ? `: ${uncovered}` : ''}${likely ? `. Did you mean '${likely}'?` : ''}`,
  invalidRow: (row, text, reason) => `Row ${row}: '${text}' is invalid${reason ? `: ${reason}` : ''}`,
  written: (summary, columns, updated, out) => `${summary}. ${columns} columns (${updated} updated in place) written to ${out}.`,
  secondSource: (source, summary) => `Second source '${source}': ${summary}.`,
  enrichSuggested: (suggested, asked) => `Suggested: ${suggested} of ${asked} rows with no maker part number have a candidate; see 'PartSpec: Suggested'.`,
  changedRows: (n, edits) => `${plural(n, 'row', 'rows')} changed since the last run${edits > 0 ? ` (${edits} edited by hand)` : ''}${n > 0 ? ": see 'PartSpec: Changes'" : ''}.`,
  failChanged: (row, text, changes) => `Row ${row}: '${text}' changed: ${changes}`,
  failRisk: (row, text, level, reason) => `Row ${row}: '${text}' is ${level}: ${reason}`,
  failOnTotal: (conditions, findings, exit) => `--fail-on ${conditions}: ${plural(findings, 'finding', 'findings')}; exit ${exit}.`,
  summarySheet: (name, target, rows, bomSheet, charts) => `Sheet '${name}' of ${target}: the summary of ${plural(rows, 'row', 'rows')} of sheet '${bomSheet}', with ${charts} charts.`,
  htmlWritten: (file) => `HTML report written to ${file}.`,
  jsonWritten: (file) => `JSON summary written to ${file}.`,
  reportSuggested: (suggested, asked) => `Suggestions: ${suggested} of ${asked} rows with no maker part number have a candidate (partspec enrich --suggest writes them).`,
};

const JA: RunWords = {
  lookingUp: '照会中',
  searching: '置換候補と提案品を検索中',
  findingReplacements: '置換候補を検索中',
  findingSuggestions: '提案品を検索中',
  writing: '書き込み中',
  cancelled: (out) => `${out} に書き込む前にエンリッチを中止しました。${out} は元の内容のままです。`,
  largeChange: (changed, answered) => `この実行は、前回回答のあった ${answered} 行のうち ${changed} 行の照合結果を変えます。品番の列と接続先のサービスが意図したものか確認してください。`,
  partNumbersIn: (sheet, second, where, header) =>
    `シート「${sheet}」: ${second ? 'セカンドソースの品番' : '品番'}は ${where}、${header.trim() === '' ? '見出しは空' : `見出し「${header}」`}。`,
  replacementsFailed: (why) => `置換候補: ${why}`,
  notCarried: (out, input, what) => `${out}: ${input} から引き継いでいないもの: ${what}。`,
  ambiguousRow: (row, text, reason) => `${row} 行目: 「${text}」はあいまいです${reason ? `: ${reason}` : ''}`,
  notFoundRow: (row, text, uncovered, likely) => `${row} 行目: 「${text}」は見つかりません${uncovered ? `: ${uncovered}` : ''}${likely ? `。「${likely}」ではありませんか？` : ''}`,
  invalidRow: (row, text, reason) => `${row} 行目: 「${text}」は無効です${reason ? `: ${reason}` : ''}`,
  written: (summary, columns, updated, out) => `${summary}。${columns} 列（うち ${updated} 列はその場で更新）を ${out} に書き込みました。`,
  secondSource: (source, summary) => `セカンドソース「${source}」: ${summary}。`,
  enrichSuggested: (suggested, asked) => `提案: メーカー品番のない ${asked} 行のうち ${suggested} 行に候補があります。「PartSpec: 提案品」列を見てください。`,
  changedRows: (n, edits) => `前回の実行から ${n} 行が変わりました${edits > 0 ? `（うち手入力の値 ${edits}）` : ''}${n > 0 ? '。「PartSpec: 変更内容」列を見てください' : ''}。`,
  failChanged: (row, text, changes) => `${row} 行目: 「${text}」が変わりました: ${changes}`,
  failRisk: (row, text, level, reason) => `${row} 行目: 「${text}」は${level}: ${reason}`,
  failOnTotal: (conditions, findings, exit) => `--fail-on ${conditions}: 該当 ${findings} 件。終了コード ${exit}。`,
  summarySheet: (name, target, rows, bomSheet, charts) => `${target} のシート「${name}」: シート「${bomSheet}」の ${rows} 行のサマリー、グラフ ${charts} 個。`,
  htmlWritten: (file) => `HTML レポートを ${file} に書き込みました。`,
  jsonWritten: (file) => `JSON サマリーを ${file} に書き込みました。`,
  reportSuggested: (suggested, asked) => `提案: メーカー品番のない ${asked} 行のうち ${suggested} 行に候補があります（partspec enrich --suggest で書き込めます）。`,
};

const ZH: RunWords = {
  lookingUp: '正在查询',
  searching: '正在查找替换件和推荐料号',
  findingReplacements: '正在查找替换件',
  findingSuggestions: '正在查找推荐料号',
  writing: '正在写入',
  cancelled: (out) => `在写入 ${out} 之前已取消补全；${out} 保持原有内容。`,
  largeChange: (changed, answered) => `本次运行将改变上次有回答的 ${answered} 行中 ${changed} 行的匹配结果：请确认型号列和所连接的服务是否正确。`,
  partNumbersIn: (sheet, second, where, header) =>
    `工作表“${sheet}”：${second ? '第二货源型号' : '型号'}位于 ${where}，${header.trim() === '' ? '表头为空' : `表头“${header}”`}。`,
  replacementsFailed: (why) => `替换件：${why}`,
  notCarried: (out, input, what) => `${out}：未从 ${input} 带过来：${what}。`,
  ambiguousRow: (row, text, reason) => `第 ${row} 行：“${text}”不明确${reason ? `：${reason}` : ''}`,
  notFoundRow: (row, text, uncovered, likely) => `第 ${row} 行：未找到“${text}”${uncovered ? `：${uncovered}` : ''}${likely ? `。您是否要找“${likely}”？` : ''}`,
  invalidRow: (row, text, reason) => `第 ${row} 行：“${text}”无效${reason ? `：${reason}` : ''}`,
  written: (summary, columns, updated, out) => `${summary}。已将 ${columns} 列（其中 ${updated} 列就地更新）写入 ${out}。`,
  secondSource: (source, summary) => `第二货源“${source}”：${summary}。`,
  enrichSuggested: (suggested, asked) => `推荐：没有本厂型号的 ${asked} 行中有 ${suggested} 行有候选；请看“PartSpec: 推荐型号”列。`,
  changedRows: (n, edits) => `自上次运行以来有 ${n} 行变化${edits > 0 ? `（其中手工输入的值 ${edits} 个）` : ''}${n > 0 ? '；请看“PartSpec: 变化”列' : ''}。`,
  failChanged: (row, text, changes) => `第 ${row} 行：“${text}”有变化：${changes}`,
  failRisk: (row, text, level, reason) => `第 ${row} 行：“${text}”为${level}：${reason}`,
  failOnTotal: (conditions, findings, exit) => `--fail-on ${conditions}：发现 ${findings} 项；退出码 ${exit}。`,
  summarySheet: (name, target, rows, bomSheet, charts) => `${target} 的工作表“${name}”：工作表“${bomSheet}”的 ${rows} 行汇总，图表 ${charts} 个。`,
  htmlWritten: (file) => `HTML 报告已写入 ${file}。`,
  jsonWritten: (file) => `JSON 汇总已写入 ${file}。`,
  reportSuggested: (suggested, asked) => `推荐：没有本厂型号的 ${asked} 行中有 ${suggested} 行有候选（partspec enrich --suggest 会写入）。`,
};

/** The run sentences of each language. */
export const RUN_WORDS: Readonly<Record<Lang, RunWords>> = { en: EN, ja: JA, zh: ZH };
