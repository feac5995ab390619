/*
 * Why no BOM was found, said in Japanese or Chinese: the PartSpec Summary sheet is not a BOM, an
 * empty sheet, a named column no header matches, no part numbers below a header, no part-number
 * column at all, a second source that is not a column of the BOM or is the part numbers' own. The facts are the locator's (core/enrich/locate.ts); English keeps the sentences
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
  noAlternateNamed: (header: string, row: number) => string;
  alternateIsPrimary: (header: string) => string;
  notBomColumn: (address: string | undefined, letters: string | undefined) => string;
  alternateHoldsParts: (letters: string, shell: LocateShell) => string;
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
  noAlternateNamed: (header, row) => `品番の見出し行（${row} 行目）に見出しが「${header}」の列がありません。`,
  alternateIsPrimary: (header) => `--column「${header}」は 1 つ目の品番の列と同じです。各列は 1 回ずつ指定してください。`,
  notBomColumn: (address, letters) => (letters === undefined ? `「${address ?? ''}」は BOM の列ではありません。` : `${letters} 列は BOM の列ではありません。`),
  alternateHoldsParts: (letters, shell) => `${letters} 列は既に品番の列です。セカンドソースには別の列を${shell === 'cli' ? '指定' : '選択'}してください。`,
};

const ZH: LocateWords = {
  sheet: (name) => `工作表“${name}”：`,
  summarySheet: (name) => `这是 ${name} 工作表，不是 BOM：请选择 BOM 中的单元格后重新运行。`,
  empty: (sheet) => (sheet === undefined ? '工作表为空：请先选择 BOM 的型号。' : `工作表“${sheet}”为空。`),
  noSheet: '工作簿中没有工作表。',
  noColumnNamed: (header, rows) => `前 ${rows} 行中没有表头为“${header}”的列。`,
  noPartsBelow: (header) => (header === undefined ? '表头下方没有型号。' : `表头“${header}”下方没有型号。`),
  noPartColumn: (shell) => `未找到型号列：请${shell === 'cli' ? '指定 --column' : '选择型号（一列）'}，或将其表头命名为“Part Number”或“MPN”。`,
  noAlternateNamed: (header, row) => `型号的表头行（第 ${row} 行）中没有表头为“${header}”的列。`,
  alternateIsPrimary: (header) => `--column“${header}”又是第一个型号列；每列只需指定一次。`,
  notBomColumn: (address, letters) => (letters === undefined ? `“${address ?? ''}”不是 BOM 的列。` : `${letters} 列不是 BOM 的列。`),
  alternateHoldsParts: (letters, shell) => `${letters} 列已是型号列；请${shell === 'cli' ? '指定' : '勾选'}另一列作为第二货源。`,
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
    case 'noAlternateNamed':
      return `${named}${words.noAlternateNamed(fact.header, fact.row)}`;
    case 'alternateIsPrimary':
      return `${named}${words.alternateIsPrimary(fact.header)}`;
    case 'notBomColumn':
      return `${named}${words.notBomColumn(fact.address, fact.letters)}`;
    case 'alternateHoldsParts':
      return `${named}${words.alternateHoldsParts(fact.letters, shell)}`;
  }
}
