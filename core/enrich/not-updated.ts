/*
 * The cell a column gets when its search failed and its rows keep no answer (Replacement,
 * Suggested): `Not updated: <why>`, its first words in the run's language, read back in any.
 */
import type { Lang } from '../../api/vocabulary';

/** The words before the reason, in each language. */
const NOT_UPDATED: Readonly<Record<Lang, string>> = { en: 'Not updated: ', ja: '未更新: ', zh: '未更新：' };

/** The cell of a row whose search failed: `Not updated: ` and the reason, in `lang`. */
export function notUpdatedText(reason: string, lang: Lang = 'en'): string {
  return `${NOT_UPDATED[lang]}${reason}`;
}

const HEADS = Object.values(NOT_UPDATED).map((head) => head.trim());

/** Whether `text` is a Not-updated cell, in whatever language PartSpec wrote it. */
export function isNotUpdatedText(text: string): boolean {
  const t = text.trim();
  return HEADS.some((head) => t.startsWith(head));
}
