/*
 * The ribbon's Enrich selection notice in the pane's language: what a re-enrichment changed, and
 * how to use the other of two likely part-number columns (the layout's notes themselves are
 * core/bom/layout-notes.ts's). The Changes column is named by its header in that language.
 */
import type { Lang } from '../../api/vocabulary';
import { specialHeader } from '../../core/cells/columns';

interface NoticeWords {
  /** Rows a re-enrichment changed (n > 0). */
  changed: (n: number) => string;
  /** A re-enrichment that changed nothing. */
  unchanged: string;
  /** How to use the other of two likely columns from the ribbon. */
  pickOther: string;
}

export const NOTICE_WORDS: Readonly<Record<Lang, NoticeWords>> = {
  en: {
    changed: (n) => `${n} ${n === 1 ? 'row' : 'rows'} changed since the last enrichment (see PartSpec: Changes).`,
    unchanged: 'Nothing changed since the last enrichment.',
    pickOther: "To use the other, select it and run Enrich selection again, or pick it in the taskpane's Enrich BOM.",
  },
  ja: {
    changed: (n) => `前回の追記から ${n} 行が変わりました（「${specialHeader('changes', 'ja')}」列）。`,
    unchanged: '前回の追記から何も変わっていません。',
    pickOther: 'もう一方を使うには、その列を選択して「選択範囲を補完」を再実行するか、作業ウィンドウの「BOM に追記」で選んでください。',
  },
  zh: {
    changed: (n) => `自上次补充以来有 ${n} 行发生变化（见“${specialHeader('changes', 'zh')}”列）。`,
    unchanged: '自上次补充以来没有任何变化。',
    pickOther: '要使用另一列，请选中该列后再次运行“补全所选内容”，或在任务窗格的“补充 BOM”中选择。',
  },
};
