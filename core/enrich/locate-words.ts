/*
 * Why no BOM was found, said in Japanese or Chinese: the PartSpec Summary sheet is not a BOM, an
 * empty sheet, a named column no header matches, no part numbers below a header, no part-number
 * column at all. The facts are the locator's (core/enrich/locate.ts); English keeps the sentences
 * each shell says today. The command line names the sheet and --column; the add-in asks for a
 * selection.
 */
import type { Lang } from '../../api/vocabulary';
import type { LocateFailure } from './locate';

/** Which shell says the sentence: the command line names its sheet and --column. */
export type LocateShell = 'addin' | 'cli';

interface LocateWords {
  sheet: (name: string) => string;
  summarySheet: (name: string) => string;
  empty: (sheet: string | undefined) => string;
  noSheet: string;
  noColumnNamed: (header: string, rows: number) => string;
  noPartsBelow: (header: string | undefined) => string;
  noPartColumn: (shell: LocateShell) => string;
}

const JA: LocateWords = {
  sheet: (name) => `シート「${name}」: `,
  summarySheet: (name) => `これは ${name} シートで、BOM ではありません。BOM のセルを選択して再実行してください。`,
  empty: (sheet) => (sheet === undefined ? 'シートが空です。先に BOM の品番を選択してください。' : `シート「${sheet}」は空です。`),
  noSheet: 'ブックにシートがありません。',
  noColumnNamed: (header, rows) => `最初の ${rows} 行に見出しが「${header}」の列がありません。`,
  noPartsBelow: (header) => (header === undefined ? '見出しの下に品番がありません。' : `見出し「${header}」の下に品番がありません。`),
  noPartColumn: (shell) =>
    `品番の列が見つかりませんでした。${shell === 'cli' ? '--column を指定する' : '品番（1 列）を選択する'}か、その見出しを「Part Number」または「MPN」にしてください。`,
};

const ZH: LocateWords = {
  sheet: (name) => `工作表“${name}”：`,
  summarySheet: (name) => `这是 ${name} 工作表，不是 BOM：请选择 BOM 中的单元格后重新运行。`,
  empty: (sheet) => (sheet === undefined ? '工作表为空：请先选择 BOM 的型号。' : `工作表“${sheet}”为空。`),
  noSheet: '工作簿中没有工作表。',
  noColumnNamed: (header, rows) => `前 ${rows} 行中没有表头为“${header}”的列。`,
  noPartsBelow: (header) => (header === undefined ? '表头下方没有型号。' : `表头“${header}”下方没有型号。`),
  noPartColumn: (shell) => `未找到型号列：请${shell === 'cli' ? '指定 --column' : '选择型号（一列）'}，或将其表头命名为“Part Number”或“MPN”。`,
};

const WORDS: Readonly<Partial<Record<Lang, LocateWords>>> = { ja: JA, zh: ZH };

/**
 * The sentence for a BOM or column not found in `lang`, as `shell` says it; undefined in English,
 * and when the failure carries no fact (the shell then keeps its own sentence).
 */
export function describeLocateFact(failure: LocateFailure, lang: Lang | undefined, shell: LocateShell): string | undefined {
  const words = lang === undefined ? undefined : WORDS[lang];
  const fact = failure.fact;
  if (!words || !fact) return undefined;
  const named = shell === 'cli' || failure.kind === 'column' ? words.sheet(failure.sheetName) : '';
  switch (fact.what) {
    case 'summarySheet':
      return words.summarySheet(failure.sheetName);
    case 'noSheet':
      return words.noSheet;
    case 'empty':
      return words.empty(shell === 'cli' ? failure.sheetName : undefined);
    case 'noColumnNamed':
      return `${named}${words.noColumnNamed(fact.header, fact.rows)}`;
    case 'noPartsBelow':
      return `${named}${words.noPartsBelow(fact.header)}`;
    case 'noPartColumn':
      return `${named}${words.noPartColumn(shell)}`;
  }
}
