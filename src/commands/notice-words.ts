/*
 * The ribbon's notices in the pane's language: Enrich selection's tally, what a re-enrichment
 * changed, and how to use the other of two likely part-number columns (the layout's notes
 * themselves are core/bom/layout-notes.ts's); BOM summary's and Refresh's outcomes. The Changes
 * column is named by its header in that language.
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
  /** Enrich selection done; `tally` is the set's summary line in this language. */
  enriched: (tally: string) => string;
  /** Enrich selection stopped without a message of its own. */
  unfinished: string;
  /** BOM summary written to its sheet. */
  summaryWritten: (rows: number, sheet: string, atRisk: number, ending: number) => string;
  /** Refresh done: formulas recalculated and `imports` imports re-run. */
  refreshed: (imports: number) => string;
  /** What one re-run import changed. */
  importChanges: (name: string, added: number, removed: number, changed: number) => string;
  /** How the import changes are joined and closed. */
  importChangesList: (parts: readonly string[]) => string;
}

export const NOTICE_WORDS: Readonly<Record<Lang, NoticeWords>> = {
  en: {
    changed: (n) => `${n} ${n === 1 ? 'row' : 'rows'} changed since the last enrichment (see PartSpec: Changes).`,
    unchanged: 'Nothing changed since the last enrichment.',
    pickOther: "To use the other, select it and run Enrich selection again, or pick it in the taskpane's Enrich BOM.",
    enriched: (tally) => `Enriched ${tally}.`,
    unfinished: 'Enrich selection did not finish.',
    summaryWritten: (rows, sheet, atRisk, ending) => `Summary of ${rows} BOM rows written to the sheet “${sheet}”: ${atRisk} parts at risk, ${ending} ending within 24 months.`,
    refreshed: (imports) => `Refreshed: formulas recalculated, ${imports} import(s) re-run.`,
    importChanges: (name, added, removed, changed) => `${name}: ${added} added, ${removed} removed, ${changed} changed`,
    importChangesList: (parts) => ` ${parts.join('; ')}.`,
  },
  ja: {
    changed: (n) => `前回の追記から ${n} 行が変わりました（「${specialHeader('changes', 'ja')}」列）。`,
    unchanged: '前回の追記から何も変わっていません。',
    pickOther: 'もう一方を使うには、その列を選択して「選択範囲を補完」を再実行するか、作業ウィンドウの「BOM に追記」で選んでください。',
    enriched: (tally) => `追記しました: ${tally}。`,
    unfinished: '「選択範囲を補完」は完了しませんでした。',
    summaryWritten: (rows, sheet, atRisk, ending) => `BOM の ${rows} 行の集計をシート「${sheet}」に書き込みました。リスクのある部品 ${atRisk} 件、24 か月以内に終了 ${ending} 件。`,
    refreshed: (imports) => `更新しました。数式を再計算し、インポート ${imports} 件を再実行しました。`,
    importChanges: (name, added, removed, changed) => `${name}: 追加 ${added}、削除 ${removed}、変更 ${changed}`,
    importChangesList: (parts) => `${parts.join('、')}。`,
  },
  zh: {
    changed: (n) => `自上次补充以来有 ${n} 行发生变化（见“${specialHeader('changes', 'zh')}”列）。`,
    unchanged: '自上次补充以来没有任何变化。',
    pickOther: '要使用另一列，请选中该列后再次运行“补全所选内容”，或在任务窗格的“补充 BOM”中选择。',
    enriched: (tally) => `已补充：${tally}。`,
    unfinished: '“补全所选内容”未完成。',
    summaryWritten: (rows, sheet, atRisk, ending) => `已将 BOM ${rows} 行的汇总写入工作表“${sheet}”：有风险的零件 ${atRisk} 个，24 个月内停产 ${ending} 个。`,
    refreshed: (imports) => `已刷新：公式已重新计算，已重新运行 ${imports} 个导入。`,
    importChanges: (name, added, removed, changed) => `${name}：新增 ${added}，删除 ${removed}，更改 ${changed}`,
    importChangesList: (parts) => `${parts.join('；')}。`,
  },
};
