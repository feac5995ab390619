/*
 * Why a picked or named column cannot be the part-number input, in each language: a column of
 * PartSpec's answers, an empty one, or one whose cells are not part numbers; and where the part
 * numbers look to be instead. The facts are the locator's (core/enrich/locate.ts).
 */
import type { Lang } from '../../api/vocabulary';
import { columnLetters } from '../address';

/** A column as the refusal names it: its index and its header ('' without one). */
export interface NamedColumnAt {
  column: number;
  header: string;
}

/** Why a column was refused as the input, and the column the BOM's own look finds instead (when usable). */
export interface ColumnRefusal extends NamedColumnAt {
  reason: 'answers' | 'empty' | 'notParts';
  /** For `notParts`: the filled cells that read as part numbers, of `filled`. */
  parts?: number;
  filled?: number;
  instead?: NamedColumnAt;
}

interface RefusalWords {
  column: (c: NamedColumnAt) => string;
  reason: (r: ColumnRefusal, name: string) => string;
  instead: (name: string) => string;
  pick: string;
}

const EN: RefusalWords = {
  column: (c) => `column ${columnLetters(c.column)}${c.header ? ` ('${c.header}')` : ''}`,
  reason: (r, name) => {
    const subject = `${name[0].toUpperCase()}${name.slice(1)}`;
    if (r.reason === 'answers') return `${subject} holds PartSpec's answers, not part numbers`;
    if (r.reason === 'empty') return `${subject} is empty below its header`;
    return `${subject} does not hold part numbers (${r.parts ?? 0} of ${r.filled ?? 0} filled cells read as one)`;
  },
  instead: (name) => `: the part numbers look to be in ${name}. Nothing was written.`,
  pick: ': select a cell of the part-number column, or name its header "Part Number" or "MPN". Nothing was written.',
};

const JA: RefusalWords = {
  column: (c) => `${columnLetters(c.column)} 列${c.header ? `（「${c.header}」）` : ''}`,
  reason: (r, name) => {
    if (r.reason === 'answers') return `${name}は PartSpec の結果の列で、品番ではありません`;
    if (r.reason === 'empty') return `${name}は見出しの下が空です`;
    return `${name}には品番がありません（入力のあるセル ${r.filled ?? 0} 個のうち品番と読めるのは ${r.parts ?? 0} 個）`;
  },
  instead: (name) => `。品番は${name}にあるようです。何も書き込んでいません。`,
  pick: '。品番の列のセルを選択するか、その見出しを「Part Number」または「MPN」にしてください。何も書き込んでいません。',
};

const ZH: RefusalWords = {
  column: (c) => `${columnLetters(c.column)} 列${c.header ? `（“${c.header}”）` : ''}`,
  reason: (r, name) => {
    if (r.reason === 'answers') return `${name}是 PartSpec 的结果列，不是型号`;
    if (r.reason === 'empty') return `${name}在表头下方为空`;
    return `${name}中没有型号（${r.filled ?? 0} 个有内容的单元格中只有 ${r.parts ?? 0} 个可读作型号）`;
  },
  instead: (name) => `；型号似乎在${name}。未写入任何内容。`,
  pick: '；请选择型号列中的单元格，或将其表头命名为“Part Number”或“MPN”。未写入任何内容。',
};

const WORDS: Readonly<Record<Lang, RefusalWords>> = { en: EN, ja: JA, zh: ZH };

/** The refusal's reason alone, in `lang` ("Column B ('Qty') does not hold part numbers (0 of 5 filled cells read as one)"). */
function describeRefusalReason(refusal: ColumnRefusal, lang: Lang = 'en'): string {
  const words = WORDS[lang];
  return words.reason(refusal, words.column(refusal));
}

/** The whole refusal in `lang`: the reason, then where the part numbers look to be or how to pick them, and that nothing was written. */
export function describeRefusal(refusal: ColumnRefusal, lang: Lang = 'en'): string {
  const words = WORDS[lang];
  return `${describeRefusalReason(refusal, lang)}${refusal.instead ? words.instead(words.column(refusal.instead)) : words.pick}`;
}
