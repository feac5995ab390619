/*
 * What the pane's row actions (select the Not found rows, select the changed rows) say when there
 * is nothing to select, in the Enrich language the pane passed: Japanese and Chinese name the
 * columns by their headers in that language, as the enrichment wrote them.
 */
import type { Lang } from '../../api/vocabulary';
import { specialHeader } from '../../core/cells/columns';

interface RowToolWords {
  /** The BOM has no Match column: run Enrich first. */
  noMatch: string;
  /** The BOM has no Changes column: it appears on a re-enrichment. */
  noChanges: string;
  /** No row holds one of the statuses (their labels in the language). */
  noStatus: (labels: readonly string[]) => string;
  /** No row changed since the last enrichment. */
  noneChanged: string;
}

const WORDS: Readonly<Record<Lang, RowToolWords>> = {
  en: {
    noMatch: 'This BOM has no PartSpec: Match column yet: run Enrich first.',
    noChanges: 'This BOM has no PartSpec: Changes column yet: it appears when Enrich runs again over its own columns.',
    noStatus: (labels) => `No row has the status ${labels.join(' or ')}.`,
    noneChanged: 'No row changed since the last enrichment.',
  },
  ja: {
    noMatch: `この BOM にはまだ「${specialHeader('match', 'ja')}」列がありません。先に追記を実行してください。`,
    noChanges: `この BOM にはまだ「${specialHeader('changes', 'ja')}」列がありません。自身の列に対して追記をもう一度実行すると作られます。`,
    noStatus: (labels) => `状態が「${labels.join('」または「')}」の行はありません。`,
    noneChanged: '前回の追記から変わった行はありません。',
  },
  zh: {
    noMatch: `此 BOM 还没有“${specialHeader('match', 'zh')}”列：请先运行补充。`,
    noChanges: `此 BOM 还没有“${specialHeader('changes', 'zh')}”列：对其自身的列再次运行补充时才会出现。`,
    noStatus: (labels) => `没有状态为“${labels.join('”或“')}”的行。`,
    noneChanged: '自上次补充以来没有行发生变化。',
  },
};

/** The row actions' words in `lang`. */
export function rowToolWords(lang: Lang = 'en'): RowToolWords {
  return WORDS[lang];
}
