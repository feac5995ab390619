import type { Lang } from '../../../api/vocabulary';
import type { RowKind } from '../../../core/bom/bom-rows';
import { EN, type MessageKey, type Messages } from './en';
import { JA } from './ja';
import { ZH } from './zh';

export type { MessageKey, Messages } from './en';

/** Every language of the taskpane, with its table. */
export const MESSAGES: Readonly<Record<Lang, Messages>> = { en: EN, ja: JA, zh: ZH };

/** The row kinds the pane names when it counts the rows not looked up, each with its `skipped_<kind>` message. */
export const SKIPPED_KINDS = ['dnp', 'total', 'otherMaker'] as const satisfies readonly RowKind[];

/** Values for the `{name}` marks of a message. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Looks up and fills one message. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;


/** Fills `{name}` marks; a mark without a value stays visible so a missing parameter is noticed. */
export function fillMessage(template: string, params: MessageParams = {}, locale = 'en'): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => {
    const value = params[name];
    if (value === undefined) return mark;
    return typeof value === 'number' ? value.toLocaleString(locale) : value;
  });
}

/** The English nouns the messages count, plural → singular. */
const SINGULAR: Readonly<Record<string, string>> = {
  rows: 'row',
  parts: 'part',
  products: 'product',
  requests: 'request',
  columns: 'column',
  cells: 'cell',
  candidates: 'candidate',
  builds: 'build',
  searches: 'search',
  sheets: 'sheet',
};
const ONE_OF_MANY = new RegExp(`(^|[^\\d.,])1 ((?:BOM )?)(${Object.keys(SINGULAR).join('|')})\\b`, 'g');

/** English grammar for a count of one: "1 rows" → "1 row", "1 BOM rows" → "1 BOM row". */
function singularForOne(text: string): string {
  return text.replace(ONE_OF_MANY, (_, before: string, bom: string, noun: string) => `${before}1 ${bom}${SINGULAR[noun]}`);
}

/** A translator for one language; numbers are written with that language's digit grouping. */
export function createTranslator(lang: Lang): Translate {
  const table = MESSAGES[lang];
  return (key, params) => (lang === 'en' ? singularForOne(fillMessage(table[key], params, lang)) : fillMessage(table[key], params, lang));
}

/** The `{name}` marks a message uses, sorted (every language must use the same ones). */
export function marksOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

