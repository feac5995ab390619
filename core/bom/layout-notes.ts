/** The sentences a BOM's layout detection says about the column it used, in each language. */
import type { Lang } from '../../api/vocabulary';
import { cellAddress, columnLetters } from '../address';
import type { BomLayout, ColumnCandidate, LayoutNotice } from './layout-types';

/** A column as a sentence names it: its letters, and its header in quotes when it has one (`C ('Mfr PN')`). */
function nameColumn(column: number, header: string): string {
  return `${columnLetters(column)}${header ? ` ('${header}')` : ''}`;
}

/** The facts of part numbers found by their content under a header that does not name them. */
export function contentFindNotice(best: ColumnCandidate, headerRow: number): LayoutNotice {
  return { kind: 'content', column: best.column, header: best.header, from: cellAddress(headerRow + 1, best.column) };
}

type Words = { [K in LayoutNotice['kind']]: (notice: Extract<LayoutNotice, { kind: K }>) => string };

const EN: Words = {
  content: (n) => `No header names the part numbers; column ${nameColumn(n.column, n.header)} holds them from ${n.from} on, so PartSpec used it.`,
  shift: (n) => {
    const side = n.shift > 0 ? 'right' : 'left';
    const at = `column ${columnLetters(n.column)}`;
    return `The rows sit one column ${side} of their header: the part numbers under '${n.partHeader}' (column ${columnLetters(n.column - n.shift)}) are in ${at}, so PartSpec used ${at} and reads the manufacturer and the other columns one to the ${side} as well.`;
  },
  emptyBeside: (n) => `'${n.named}' (column ${columnLetters(n.namedColumn)}) is almost empty and the part numbers are in column ${columnLetters(n.column)} beside it, so PartSpec used column ${columnLetters(n.column)}.`,
  fewParts: (n) => `'${n.named}' (column ${columnLetters(n.namedColumn)}) holds few part numbers and column ${columnLetters(n.column)}${n.header ? ` ('${n.header}')` : ''} holds many, so PartSpec used column ${columnLetters(n.column)}.`,
};

const JA: Words = {
  content: (n) => `品番を示す見出しがありません。${columnLetters(n.column)} 列${n.header ? `（「${n.header}」）` : ''}の ${n.from} 以降に品番があるため、この列を使いました。`,
  shift: (n) => `行が見出しから 1 列${n.shift > 0 ? '右' : '左'}にずれています。見出し「${n.partHeader}」（${columnLetters(n.column - n.shift)} 列）の品番は ${columnLetters(n.column)} 列にあるため ${columnLetters(n.column)} 列を使い、メーカーなど他の列も同じだけずらして読みます。`,
  emptyBeside: (n) => `「${n.named}」（${columnLetters(n.namedColumn)} 列）はほぼ空で、品番は隣の ${columnLetters(n.column)} 列にあるため、${columnLetters(n.column)} 列を使いました。`,
  fewParts: (n) => `「${n.named}」（${columnLetters(n.namedColumn)} 列）には品番が少なく、${columnLetters(n.column)} 列${n.header ? `（「${n.header}」）` : ''}に多いため、${columnLetters(n.column)} 列を使いました。`,
};

const ZH: Words = {
  content: (n) => `没有表头标明型号；${columnLetters(n.column)} 列${n.header ? `（“${n.header}”）` : ''}从 ${n.from} 起是型号，因此使用了该列。`,
  shift: (n) => `数据行相对表头向${n.shift > 0 ? '右' : '左'}错开一列：表头“${n.partHeader}”（${columnLetters(n.column - n.shift)} 列）下的型号位于 ${columnLetters(n.column)} 列，因此使用了 ${columnLetters(n.column)} 列，厂商等其他列也按同样的错位读取。`,
  emptyBeside: (n) => `“${n.named}”（${columnLetters(n.namedColumn)} 列）几乎为空，型号在旁边的 ${columnLetters(n.column)} 列，因此使用了 ${columnLetters(n.column)} 列。`,
  fewParts: (n) => `“${n.named}”（${columnLetters(n.namedColumn)} 列）中型号很少，而 ${columnLetters(n.column)} 列${n.header ? `（“${n.header}”）` : ''}中很多，因此使用了 ${columnLetters(n.column)} 列。`,
};

const WORDS: Readonly<Record<Lang, Words>> = { en: EN, ja: JA, zh: ZH };

/** How the part-number column was found, in a sentence of `lang` (a layout's `notice`). */
export function describeLayoutNotice(notice: LayoutNotice, lang: Lang = 'en'): string {
  const words = WORDS[lang];
  switch (notice.kind) {
    case 'content':
      return words.content(notice);
    case 'shift':
      return words.shift(notice);
    case 'emptyBeside':
      return words.emptyBeside(notice);
    case 'fewParts':
      return words.fewParts(notice);
  }
}

/** The ambiguity sentence's words in each language: both columns, and the letters of the one used. */
const AMBIGUITY: Readonly<Record<Lang, (used: string, other: string, usedLetters: string) => string>> = {
  en: (used, other, letters) => `Two columns could be the part numbers, ${used} and ${other}; PartSpec used column ${letters}.`,
  ja: (used, other, letters) => `品番の列の候補が 2 つあります: ${used} と ${other}。${letters} 列を使いました。`,
  zh: (used, other, letters) => `有两列都可能是型号：${used} 和 ${other}；已使用 ${letters} 列。`,
};

/** A column as a sentence of `lang` names it (`C ('Mfr PN')`, `C 列（「Mfr PN」）`, `C 列（“Mfr PN”）`). */
function nameColumnIn(column: number, header: string, lang: Lang): string {
  if (lang === 'ja') return `${columnLetters(column)} 列${header ? `（「${header}」）` : ''}`;
  if (lang === 'zh') return `${columnLetters(column)} 列${header ? `（“${header}”）` : ''}`;
  return nameColumn(column, header);
}

/**
 * The sentence for a BOM whose runner-up column is as likely as the one used: both columns named,
 * each with up to `samples` of its values, which one PartSpec used, and how to use the other in
 * the words of the place that asks (`howToPickOther`: the ribbon's selection, the CLI's --column),
 * in `lang`. Undefined when the layout is not ambiguous.
 */
export function describeAmbiguity(layout: Pick<BomLayout, 'ambiguous' | 'candidates'>, howToPickOther: (other: ColumnCandidate) => string, samples = 0, lang: Lang = 'en'): string | undefined {
  const [used, other] = layout.candidates;
  if (!layout.ambiguous || !used || !other) return undefined;
  const show = (c: ColumnCandidate): string => `${nameColumnIn(c.column, c.header, lang)}${samples > 0 ? `: ${c.samples.slice(0, samples).join(', ')}` : ''}`;
  return `${AMBIGUITY[lang](show(used), show(other), columnLetters(used.column))}${lang === 'en' ? ' ' : ''}${howToPickOther(other)}`;
}
