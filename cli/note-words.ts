/*
 * The rarer notes of `partspec enrich` on stderr, in the run's language (--lang): the request plan
 * of --suggest, a close runner-up for the part-number column, second-source columns not asked
 * for; `partspec lookup`'s table headers and its "… N more" row (--json keeps its English keys).
 * `partspec portfolio` and `partspec replace` on a file or sheet that holds no BOM (the locator's
 * reason is the core's, core/report/look-up-bom.ts); what `partspec portfolio` wrote and the plan's
 * lines it did not use; `partspec compliance` on files that hold no BOM.
 * Each is worded from the facts the core planned (counts, columns), never from its English
 * sentence; English keeps the core's sentences word for word.
 */
import type { Lang } from '../api/vocabulary';
import type { RequestPlan } from '../core/find/request-plan';
import type { RunRequestPlan } from '../core/enrich/request-bound';

/** The notes of one language. */
interface NoteWords {
  /** A sheet's note: `Sheet 'BOM': …`. */
  onSheet: (sheet: string, text: string) => string;
  /** A column named in a note: its letters and its header (`C ('Mfr PN')`). */
  column: (letters: string, header: string) => string;
  /** The plan of a run's requests: the lookup, and the suggestions when asked for. */
  runPlan: (plan: RunRequestPlan) => string;
  /** The suggestions' plan; `counting` when said before the lookup, for every row it may leave without a maker part. */
  suggestPlan: (plan: RequestPlan, counting: boolean) => string;
  /** Two columns as likely to hold the part numbers: both (with samples), the used one's letters and the --column for the other. */
  ambiguity: (used: string, other: string, usedLetters: string, pickOther: string) => string;
  /** Second-source columns with something in them that were not asked for, and the --column flags that enrich them too. */
  unaskedAlternates: (names: readonly string[], primary: string, args: string) => string;
  /** `partspec lookup`'s note for an input not found or invalid: why (the lookup's reason, in the language), and the part it likely meant. */
  lookupProblem: (input: string, notFound: boolean, reason: string | undefined, meant: string | undefined) => string;
  /** `partspec lookup`'s table headers around the field columns: the input, its match, and the note. */
  lookupHeaders: { input: string; match: string; note: string };
  /** `partspec lookup`'s last row for an input with more products than the table shows. */
  lookupMore: (n: number) => string;
  /** `partspec portfolio` when no file holds a BOM: the files, and the first sheet's reason. */
  noBomIn: (files: readonly string[], first: UnreadSheet | undefined) => string;
  /** `partspec portfolio`'s note of a sheet that holds no BOM. */
  notReadAsBom: (sheet: UnreadSheet) => string;
  /** `partspec replace`'s note of a file that holds no BOM: why, for its first sheet when said in the language. */
  replaceNoBom: (file: string, said: string | undefined) => string;
  /** `partspec portfolio`'s note of a --plan line that names none of the BOMs read. */
  planLineUnused: (line: number, bom: string) => string;
  /** `partspec portfolio`'s files written: the workbook (its sheets' names and its charts), the page, the JSON. */
  workbookWritten: (file: string, sheets: readonly string[], charts: number) => string;
  pageWritten: (file: string) => string;
  jsonWritten: (file: string) => string;
  /** `partspec compliance` on a file with no BOM: the locator's English reason, or `said` in Japanese or Chinese. */
  complianceNoBom: (file: string, why: string | undefined, said: string | undefined) => string;
  /** `partspec compliance` when none of the files holds a BOM. */
  complianceNoBomIn: (files: readonly string[]) => string;
}

/** A sheet that holds no BOM: the locator's English sentence, and in Japanese or Chinese `said`. */
interface UnreadSheet {
  file: string;
  sheet: string;
  message: string;
  said?: string;
}

const count = (n: number): string => n.toLocaleString('en-US');

const EN: NoteWords = {
  onSheet: (sheet, text) => `Sheet '${sheet}': ${text}`,
  column: (letters, header) => `${letters}${header ? ` ('${header}')` : ''}`,
  runPlan: (plan) => plan.sentence,
  suggestPlan: (plan, counting) => `Suggested: ${counting ? `${plan.sentence.replace(/\.$/, '')}, counting every row the lookup may leave without a maker part.` : plan.sentence}`,
  ambiguity: (used, other, usedLetters, pickOther) => `Two columns could be the part numbers, ${used} and ${other}; PartSpec used column ${usedLetters}. Give --column ${pickOther} to use the other.`,
  unaskedAlternates: (names, primary, args) =>
    `${names.length === 1 ? 'Column' : 'Columns'} ${names.join(', ')} ${names.length === 1 ? 'looks like a second source' : 'look like second sources'} of ${primary}; give ${args} to enrich ${names.length === 1 ? 'it' : 'them'} too.`,
  lookupProblem: (input, notFound, reason, meant) => `'${input}' ${notFound ? 'not found' : 'is invalid'}${reason ? `: ${reason}` : ''}${meant ? ` Did you mean '${meant}'?` : ''}`,
  lookupHeaders: { input: 'Input', match: 'Match', note: 'Note' },
  lookupMore: (n) => `… ${n} more (use --json for all)`,
  noBomIn: (files, first) => `No BOM was found in ${files.length === 1 ? files[0] : `the ${files.length} files`}${first ? ` (${first.file}, sheet '${first.sheet}': ${first.message})` : ''}.`,
  notReadAsBom: (sheet) => `${sheet.file}, sheet '${sheet.sheet}': not read as a BOM (${sheet.message})`,
  replaceNoBom: (file) => `${file}: no BOM found (no sheet with a part-number column); not searched.`,
  planLineUnused: (line, bom) => `--plan line ${line} names ${bom}, which is none of the BOMs read.`,
  workbookWritten: (file, sheets, charts) => `Workbook written to ${file}: ${sheets.map((s) => `'${s}'`).join(', ')}, with ${charts} charts.`,
  pageWritten: (file) => `HTML page written to ${file}.`,
  jsonWritten: (file) => `JSON written to ${file}.`,
  complianceNoBom: (file, why) => `${file}: no BOM found${why ? ` (${why})` : ''}; it is left out.`,
  complianceNoBomIn: (files) => `No BOM was found in ${files.length === 1 ? files[0] : `the ${files.length} files named`}.`,
};

/** A sheet's reason in Japanese or Chinese: `said` names the sheet; else the locator's sentence after it. */
const reasonOf = (sheet: UnreadSheet, onSheet: (name: string, text: string) => string): string => sheet.said ?? onSheet(sheet.sheet, sheet.message);

/** How the suggestions' searches are sent, in words of `lang`: one request each, or the category files. */
function suggestWay(plan: RequestPlan, lang: 'ja' | 'zh'): string {
  const files = plan.categories.join('、');
  if (lang === 'ja') return plan.way === 'search' ? `重複しない検索 ${count(plan.searches)} 件: 1 件ずつ ${count(plan.requests)} リクエスト` : `重複しない検索 ${count(plan.searches)} 件: 検索 ${count(plan.searches)} 件の代わりに ${count(plan.requests)} リクエスト（カテゴリーファイル ${files}）`;
  return plan.way === 'search' ? `不重复的搜索 ${count(plan.searches)} 个：逐个搜索，共 ${count(plan.requests)} 个请求` : `不重复的搜索 ${count(plan.searches)} 个：用 ${count(plan.requests)} 个请求（类别文件 ${files}）代替 ${count(plan.searches)} 次搜索`;
}

const JA_ON_SHEET = (sheet: string, text: string): string => `シート「${sheet}」: ${text}`;
const ZH_ON_SHEET = (sheet: string, text: string): string => `工作表“${sheet}”：${text}`;

const JA: NoteWords = {
  onSheet: JA_ON_SHEET,
  column: (letters, header) => `${letters} 列${header ? `（「${header}」）` : ''}`,
  runPlan: (plan) =>
    `リクエストは最大 ${count(plan.requests)} 件: 品番 ${count(plan.lookup.partNumbers)} 件の照会に ${count(plan.lookup.requests)} 件${plan.suggestions ? `、最大 ${count(plan.suggestions.rows)} 行の提案に ${count(plan.suggestions.requests)} 件` : ''}。`,
  suggestPlan: (plan, counting) => `提案: ${suggestWay(plan, 'ja')}${counting ? '（照会でメーカー品番が見つからない可能性のある行をすべて数えています）' : ''}。`,
  ambiguity: (used, other, usedLetters, pickOther) => `品番の列の候補が 2 つあります: ${used} と ${other}。${usedLetters} 列を使いました。もう一方を使うには --column ${pickOther} を指定してください。`,
  unaskedAlternates: (names, primary, args) => `${names.join('、')} は ${primary} のセカンドソースのようです。あわせて追記するには ${args} を指定してください。`,
  lookupProblem: (input, notFound, reason, meant) => `「${input}」は${notFound ? '見つかりません' : '無効です'}${reason ? `: ${reason}` : ''}${meant ? ` もしかして「${meant}」ですか?` : ''}`,
  lookupHeaders: { input: '入力', match: '一致', note: '備考' },
  lookupMore: (n) => `… ほか ${n} 件（すべては --json で）`,
  noBomIn: (files, first) => `${files.length === 1 ? files[0] : `${files.length} 個のファイル`}に BOM が見つかりませんでした。${first ? `${first.file}: ${reasonOf(first, JA_ON_SHEET)}` : ''}`,
  notReadAsBom: (sheet) => `${sheet.file}: BOM として読み取りませんでした。${reasonOf(sheet, JA_ON_SHEET)}`,
  replaceNoBom: (file, said) => `${file}: BOM（品番の列のあるシート）が見つからないため、検索しませんでした。${said ?? ''}`,
  planLineUnused: (line, bom) => `--plan の ${line} 行目は ${bom} を指定していますが、読み取った BOM にはありません。`,
  workbookWritten: (file, sheets, charts) => `${file} にブックを書き込みました: ${sheets.map((s) => `「${s}」`).join('、')}、グラフ ${charts} 個。`,
  pageWritten: (file) => `${file} に HTML ページを書き込みました。`,
  jsonWritten: (file) => `${file} に JSON を書き込みました。`,
  complianceNoBom: (file, why, said) => `${file}: BOM が見つからないため除外しました。${said ?? ''}`,
  complianceNoBomIn: (files) => `${files.length === 1 ? files[0] : `指定した ${files.length} 個のファイル`}に BOM が見つかりませんでした。`,
};

const ZH: NoteWords = {
  onSheet: ZH_ON_SHEET,
  column: (letters, header) => `${letters} 列${header ? `（“${header}”）` : ''}`,
  runPlan: (plan) =>
    `最多 ${count(plan.requests)} 个请求：查询 ${count(plan.lookup.partNumbers)} 个型号需 ${count(plan.lookup.requests)} 个${plan.suggestions ? `，为最多 ${count(plan.suggestions.rows)} 行推荐需 ${count(plan.suggestions.requests)} 个` : ''}。`,
  suggestPlan: (plan, counting) => `推荐：${suggestWay(plan, 'zh')}${counting ? '（已计入查询后可能没有本厂型号的每一行）' : ''}。`,
  ambiguity: (used, other, usedLetters, pickOther) => `有两列都可能是型号：${used} 和 ${other}；已使用 ${usedLetters} 列。要使用另一列，请指定 --column ${pickOther}。`,
  unaskedAlternates: (names, primary, args) => `${names.join('、')} 看起来是 ${primary} 的第二货源；要一并补全，请指定 ${args}。`,
  lookupProblem: (input, notFound, reason, meant) => `“${input}”${notFound ? '未找到' : '无效'}${reason ? `：${reason}` : ''}${meant ? ` 您是否要找“${meant}”？` : ''}`,
  lookupHeaders: { input: '输入', match: '匹配', note: '备注' },
  lookupMore: (n) => `… 另有 ${n} 个（使用 --json 查看全部）`,
  noBomIn: (files, first) => `${files.length === 1 ? files[0] : `${files.length} 个文件`}中未找到 BOM。${first ? `${first.file}：${reasonOf(first, ZH_ON_SHEET)}` : ''}`,
  notReadAsBom: (sheet) => `${sheet.file}：未作为 BOM 读取。${reasonOf(sheet, ZH_ON_SHEET)}`,
  replaceNoBom: (file, said) => `${file}：未找到 BOM（含型号列的工作表），未搜索。${said ?? ''}`,
  planLineUnused: (line, bom) => `--plan 第 ${line} 行指定了 ${bom}，但它不是已读取的 BOM。`,
  workbookWritten: (file, sheets, charts) => `已将工作簿写入 ${file}：${sheets.map((s) => `“${s}”`).join('、')}，含 ${charts} 个图表。`,
  pageWritten: (file) => `已将 HTML 页面写入 ${file}。`,
  jsonWritten: (file) => `已将 JSON 写入 ${file}。`,
  complianceNoBom: (file, why, said) => `${file}：未找到 BOM，已略过。${said ?? ''}`,
  complianceNoBomIn: (files) => `${files.length === 1 ? files[0] : `指定的 ${files.length} 个文件`}中未找到 BOM。`,
};

/** The notes of each language. */
export const NOTE_WORDS: Readonly<Record<Lang, NoteWords>> = { en: EN, ja: JA, zh: ZH };
