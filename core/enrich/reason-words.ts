/*
 * The lookup's reasons (why a part number is invalid, ambiguous or not found) in Japanese and
 * Chinese. The client words them in English (api/client/lookup.ts), which knows no language of
 * the user's; each of its forms is read back here and said again in the run's language, with the
 * same facts. A reason in no known form is said as it is. English is the client's text unchanged.
 */
import type { Lang } from '../../api/vocabulary';

type Form = [RegExp, (m: RegExpMatchArray) => string];

const JA: readonly Form[] = [
  [/^A part number must be text\.$/, () => '品番はテキストでなければなりません。'],
  [/^The part number contains (.+), which no part number contains\.$/, (m) => `品番に ${m[1]} が含まれていますが、これを含む品番はありません。`],
  [/^The part number is empty\.$/, () => '品番が空です。'],
  [/^The part number is (\d+) characters long; part numbers have at most (\d+)\.$/, (m) => `品番が ${m[1]} 文字あります。品番は最大 ${m[2]} 文字です。`],
  [/^No part number is or starts with '(.*)'\.$/, (m) => `「${m[1]}」である品番も、「${m[1]}」で始まる品番もありません。`],
  [/^'(.*)' is the start of (\d+) different part numbers \((.*)\); type more of it\.$/, (m) => `「${m[1]}」で始まる品番が ${m[2]} 種類あります（${m[3]}）。続きを入力してください。`],
  [/^No part number is '(.*)', and (\d+) characters are too few to search for part numbers starting with it\.$/, (m) => `「${m[1]}」という品番はなく、${m[2]} 文字では前方一致で検索するには短すぎます。`],
  [/^'(.*)' is the start of more than (\d+) part numbers; type more of it\.$/, (m) => `「${m[1]}」で始まる品番が ${m[2]} 件を超えます。続きを入力してください。`],
];

const ZH: readonly Form[] = [
  [/^A part number must be text\.$/, () => '型号必须是文本。'],
  [/^The part number contains (.+), which no part number contains\.$/, (m) => `型号中含有 ${m[1]}，而任何型号都不含该字符。`],
  [/^The part number is empty\.$/, () => '型号为空。'],
  [/^The part number is (\d+) characters long; part numbers have at most (\d+)\.$/, (m) => `型号长 ${m[1]} 个字符；型号最多 ${m[2]} 个字符。`],
  [/^No part number is or starts with '(.*)'\.$/, (m) => `没有型号是“${m[1]}”或以“${m[1]}”开头。`],
  [/^'(.*)' is the start of (\d+) different part numbers \((.*)\); type more of it\.$/, (m) => `以“${m[1]}”开头的型号有 ${m[2]} 种（${m[3]}）；请输入更多字符。`],
  [/^No part number is '(.*)', and (\d+) characters are too few to search for part numbers starting with it\.$/, (m) => `没有型号是“${m[1]}”，且 ${m[2]} 个字符太短，无法按开头搜索型号。`],
  [/^'(.*)' is the start of more than (\d+) part numbers; type more of it\.$/, (m) => `以“${m[1]}”开头的型号超过 ${m[2]} 个；请输入更多字符。`],
];

const FORMS: Readonly<Partial<Record<Lang, readonly Form[]>>> = { ja: JA, zh: ZH };

/** A lookup's reason in `lang`: the client's English for English, an unknown form, or no reason. */
export function lookupReasonIn(reason: string | undefined, lang: Lang = 'en'): string | undefined {
  const forms = FORMS[lang];
  if (reason === undefined || !forms) return reason;
  for (const [form, say] of forms) {
    const m = reason.match(form);
    if (m) return say(m);
  }
  return reason;
}
