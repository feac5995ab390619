/**
 * The add-in's own words about columns and runs in Japanese and Chinese: the ribbon's Enrich
 * selection notice (two likely part-number columns, what a re-enrichment changed) in the pane's
 * language, and the row actions' refusals in the Enrich language. English is unchanged.
 */
import type { Lang } from '../../api/vocabulary';
import { DEMO_KEY } from '../../emulator';
import { specialHeader } from '../../core/cells/columns';
import { SUMMARY_SHEET_NAME } from '../../core/names';
import { readBom } from '../../src/sheets/read-bom';
import { lastCommandNotice } from '../../src/commands/notices';
import { runBomSummary, runEnrichSelection, runRefresh } from '../../src/commands/ribbon-actions';
import { enrichSelection } from '../../src/sheets/enrich';
import { selectChangedRows, selectRowsWithStatus } from '../../src/sheets/bom-tools';
import { locateMessage } from '../../src/sheets/read-bom';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { freshWorkbook, useRig, type Rig } from './helpers';
import { reportOf } from '../support/enrichment-report';

const rig = useRig({ realNumbers: false });

/** Runs of two or more ASCII letters left once part numbers, cell addresses, the BOM's headers, the product's name and Excel's are out. */
function englishIn(text: string, kept: readonly string[] = []): string[] {
  let rest = text;
  for (const k of [...kept, 'Mfr PN', 'Part Number', 'PartSpec', 'BOM', 'Excel'].sort((a, b) => b.length - a.length)) rest = rest.split(k).join(' ');
  rest = rest.replace(/[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g, ' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

/** A session whose settings enrich Status only, with the demo key, in `lang` (else the default language). */
async function enrichSession(lang?: Lang): Promise<ReturnType<typeof createSessionProvider>> {
  const store = createSettingsStore(createMemoryStorage(), defaultPreferences(rig.emulator.url));
  await store.setApiKey(DEMO_KEY);
  await store.save({ enrichFields: ['Status'], enrichRisk: false, enrichAlternatives: false, enrichMode: 'values', ...(lang ? { uiLanguage: lang } : {}) });
  return createSessionProvider({ settings: store });
}

function twoColumnBom(r: Rig): void {
  const internal = rig.emulator.catalog.byGroup.SMD.slice(0, 6).map((p) => p.values.Partno as string);
  const maker = rig.emulator.catalog.byGroup.Ind.slice(0, 6).map((p) => p.values.Partno as string);
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'Part Number', 'Mfr PN', 'Qty'], ...maker.map((p, i) => [`C${i + 1}`, internal[i], p, 1])]);
  r.excel.select('Sheet1', 'A1');
}

test.each(['ja', 'zh'] as const)('the ribbon says two likely columns and a re-enrichment\'s changes in the pane\'s language (%s)', async (lang: Lang) => {
  const session = await enrichSession(lang);
  const r = freshWorkbook(rig);
  twoColumnBom(r);
  expect(reportOf(await runEnrichSelection({ run: r.excel.run, session, settings: r.settings })).status).toBe('done');
  const first = lastCommandNotice()?.message ?? '';
  const ambiguity = lang === 'ja' ? '品番の列の候補が 2 つあります: C 列（「Mfr PN」） と B 列（「Part Number」）。C 列を使いました。' : '有两列都可能是型号：C 列（“Mfr PN”） 和 B 列（“Part Number”）；已使用 C 列。';
  expect(first).toContain(ambiguity);
  const said = first.slice(first.indexOf(ambiguity));
  expect(englishIn(said)).toEqual([]);

  r.excel.select('Sheet1', 'C2');
  expect(reportOf(await runEnrichSelection({ run: r.excel.run, session, settings: r.settings })).status).toBe('done');
  const again = lastCommandNotice()?.message ?? '';
  expect(again).toContain(lang === 'ja' ? '前回の追記から何も変わっていません。' : '自上次补充以来没有任何变化。');
  expect(again).not.toMatch(/Nothing changed|To use the other/);
});

test('the ribbon\'s notice stays English in an English pane', async () => {
  const session = await enrichSession();
  const r = freshWorkbook(rig);
  twoColumnBom(r);
  await runEnrichSelection({ run: r.excel.run, session, settings: r.settings }, 'en-US');
  expect(lastCommandNotice()?.message).toContain("Two columns could be the part numbers, C ('Mfr PN') and B ('Part Number'); PartSpec used column C. To use the other, select it and run Enrich selection again, or pick it in the taskpane's Enrich BOM.");
  r.excel.select('Sheet1', 'C2');
  await runEnrichSelection({ run: r.excel.run, session, settings: r.settings }, 'en-US');
  expect(lastCommandNotice()?.message).toContain(' Nothing changed since the last enrichment.');
});

test.each(['ja', 'zh'] as const)('the row actions say in %s that there is no Match or Changes column yet, or no row to select', async (lang: Lang) => {
  const r = freshWorkbook(rig);
  twoColumnBom(r);
  const run = r.excel.run;
  const refusals: string[] = [];
  for (const selected of [await selectRowsWithStatus(run, ['notFound'], undefined, lang), await selectChangedRows(run, undefined, lang)]) {
    expect(selected.ok).toBe(false);
    if (!selected.ok) refusals.push(selected.message);
  }
  expect(refusals[0]).toContain(specialHeader('match', lang));
  expect(refusals[1]).toContain(specialHeader('changes', lang));
  r.excel.select('Sheet1', 'C2');
  expect(reportOf(await enrichSelection({ run, client: r.client }, { fields: ['Status'], lang })).status).toBe('done');
  for (const selected of [await selectRowsWithStatus(run, ['notFound', 'invalid'], undefined, lang)]) {
    expect(selected.ok).toBe(false);
    if (!selected.ok) refusals.push(selected.message);
  }
  expect(refusals).toHaveLength(3);
  expect(refusals.flatMap((m) => englishIn(m))).toEqual([]);
  // English keeps its sentences.
  expect(await selectChangedRows(run)).toEqual({ ok: false, message: 'This BOM has no PartSpec: Changes column yet: it appears when Enrich runs again over its own columns.' });
});

test.each(['ja', 'zh'] as const)('a picked column that holds no part numbers is refused in %s by the ribbon and the pane; English keeps its sentence', async (lang: Lang) => {
  const session = await enrichSession(lang);
  const r = freshWorkbook(rig);
  twoColumnBom(r);
  const before = JSON.stringify(r.excel.values('Sheet1'));
  r.excel.select('Sheet1', 'D2:D7');
  expect((await runEnrichSelection({ run: r.excel.run, session, settings: r.settings }))?.ok).toBe(false);
  const ribbon = lastCommandNotice()?.message ?? '';
  expect(ribbon).toContain(lang === 'ja' ? 'D 列（「Qty」）には品番がありません' : 'D 列（“Qty”）中没有型号');
  expect(englishIn(ribbon, ['Qty'])).toEqual([]);

  const pane = await enrichSelection({ run: r.excel.run, client: r.client }, { fields: ['Status'], lang });
  expect(pane.ok).toBe(false);
  if (pane.ok) return;
  expect(englishIn(locateMessage(pane, lang), ['Qty'])).toEqual([]);
  expect(locateMessage(pane)).toMatch(/^Column D \('Qty'\) does not hold part numbers \(0 of 6 filled cells read as one\): the part numbers look to be in column C \('Mfr PN'\)\. Nothing was written\.$/);
  expect(JSON.stringify(r.excel.values('Sheet1'))).toBe(before);
});

test.each(['ja', 'zh'] as const)('the ribbon\'s Enrich tally, BOM summary and Refresh notices are said in %s', async (lang: Lang) => {
  const session = await enrichSession(lang);
  const r = freshWorkbook(rig);
  const parts = rig.emulator.catalog.byGroup.Ind.slice(0, 3).map((p) => p.values.Partno as string);
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'Mfr PN', 'Qty'], ...parts.map((p, i) => [`L${i + 1}`, p, 1]), ['L9', 'NOPE0000000', 1]]);
  r.excel.select('Sheet1', 'B2');
  expect(reportOf(await runEnrichSelection({ run: r.excel.run, session, settings: r.settings })).status).toBe('done');
  const enriched = lastCommandNotice()?.message ?? '';
  expect(enriched).toMatch(lang === 'ja' ? /^追記しました: / : /^已补充：/);
  expect(englishIn(enriched, ['Mfr PN'])).toEqual([]);

  r.excel.select('Sheet1', 'B2');
  await runBomSummary({ run: r.excel.run, session, settings: r.settings });
  const summary = lastCommandNotice();
  expect(summary?.ok).toBe(true);
  expect(summary?.message).toMatch(lang === 'ja' ? /^BOM の 4 行の集計をシート「.+」に書き込みました。/ : /^已将 BOM 4 行的汇总写入工作表“.+”/);
  expect(englishIn((summary?.message ?? '').replace(/[「“].*?[」”]/, ''))).toEqual([]);

  await runRefresh({ run: r.excel.run, session, settings: r.settings });
  const refreshed = lastCommandNotice();
  expect(refreshed?.ok).toBe(true);
  expect(refreshed?.message).toBe(lang === 'ja' ? '更新しました。数式を再計算し、インポート 0 件を再実行しました。' : '已刷新：公式已重新计算，已重新运行 0 个导入。');
});

test('the ribbon\'s Enrich tally, BOM summary and Refresh notices stay English in an English pane', async () => {
  const session = await enrichSession();
  const r = freshWorkbook(rig);
  const part = rig.emulator.catalog.byGroup.Ind[0].values.Partno as string;
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'Mfr PN', 'Qty'], ['L1', part, 1]]);
  r.excel.select('Sheet1', 'B2');
  await runEnrichSelection({ run: r.excel.run, session, settings: r.settings }, 'en-US');
  expect(lastCommandNotice()?.message).toMatch(/^Enriched 1 row: 1 exact/);
  r.excel.select('Sheet1', 'B2');
  await runBomSummary({ run: r.excel.run, session, settings: r.settings }, 'en-US');
  expect(lastCommandNotice()?.message).toMatch(/^Summary of 1 BOM rows written to the sheet “.+”: \d+ parts at risk, \d+ ending within 24 months\.$/);
  await runRefresh({ run: r.excel.run, session, settings: r.settings }, 'en-US');
  expect(lastCommandNotice()?.message).toBe('Refreshed: formulas recalculated, 0 import(s) re-run.');
});

test.each(['ja', 'zh'] as const)('the summary sheet that is not a BOM and an empty sheet are said in %s; English keeps its sentences', async (lang: Lang) => {
  const r = freshWorkbook(rig);
  r.excel.addSheet(SUMMARY_SHEET_NAME);
  r.excel.setCells(SUMMARY_SHEET_NAME, 'A1', [['Part number', 'Status'], ['GRM0001', 'Active']]);
  r.excel.select(SUMMARY_SHEET_NAME, 'A2');
  const summary = await readBom(r.excel.run, undefined, lang);
  expect(summary.ok).toBe(false);
  if (summary.ok) return;
  expect(summary.message).toContain(lang === 'ja' ? `これは ${SUMMARY_SHEET_NAME} シートで、BOM ではありません。` : `这是 ${SUMMARY_SHEET_NAME} 工作表，不是 BOM`);
  expect(englishIn(summary.message, [SUMMARY_SHEET_NAME])).toEqual([]);
  const english = await readBom(r.excel.run);
  expect(english).toMatchObject({ ok: false, message: `This is the ${SUMMARY_SHEET_NAME} sheet, not a BOM: select a cell of the BOM and run again.` });

  r.excel.select('Sheet1', 'A1');
  const empty = await readBom(r.excel.run, undefined, lang);
  expect(empty).toMatchObject({ ok: false, message: lang === 'ja' ? 'シートが空です。先に BOM の品番を選択してください。' : '工作表为空：请先选择 BOM 的型号。' });
  expect(await readBom(r.excel.run)).toMatchObject({ ok: false, message: 'The sheet is empty: select the part numbers of your BOM first.' });
});

test.each(['ja', 'zh'] as const)('the ribbon says a refused key and an empty sheet in %s', async (lang: Lang) => {
  const store = createSettingsStore(createMemoryStorage(), defaultPreferences(rig.emulator.url));
  await store.setApiKey('not-a-key-of-ours');
  await store.save({ enrichFields: ['Status'], enrichRisk: false, enrichAlternatives: false, enrichMode: 'values', uiLanguage: lang });
  const session = createSessionProvider({ settings: store, clientOptions: { cache: false, retry: false } });
  const r = freshWorkbook(rig);
  const part = rig.emulator.catalog.byGroup.Ind[0].values.Partno as string;
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'Mfr PN'], ['L1', part]]);
  r.excel.select('Sheet1', 'B2');
  await runEnrichSelection({ run: r.excel.run, session, settings: r.settings });
  const refused = lastCommandNotice();
  expect(refused?.ok).toBe(false);
  expect(refused?.message).toBe(lang === 'ja' ? 'API キーが拒否されました（403）。設定で確認してください。' : 'API 密钥被拒绝（403）。请在设置中检查。');

  r.excel.addSheet('Empty');
  r.excel.select('Empty', 'A1');
  await runBomSummary({ run: r.excel.run, session, settings: r.settings });
  const empty = lastCommandNotice();
  expect(empty?.ok).toBe(false);
  expect(englishIn(empty?.message ?? '')).toEqual([]);
});

test.each(['ja', 'zh'] as const)('a second source that is the part-number column itself, or outside the BOM, is refused in %s', async (lang: Lang) => {
  const r = freshWorkbook(rig);
  r.excel.setCells('Sheet1', 'A1', [['MPN', 'MPN2'], [rig.emulator.catalog.byGroup.SMD[0].values.Partno as string, '']]);
  r.excel.select('Sheet1', 'A1');
  const said: string[] = [];
  for (const address of ['A2:A2', 'Z2:Z9', 'not an address']) {
    const run = await enrichSelection({ run: r.excel.run, client: r.client }, { fields: ['Status'], alternateColumns: [address] });
    expect(run.ok).toBe(false);
    if (!run.ok) said.push(locateMessage(run, lang));
  }
  expect(said[0]).toContain(lang === 'ja' ? 'A 列は既に品番の列です' : 'A 列已是型号列');
  expect(said[1]).toContain(lang === 'ja' ? 'Z 列は BOM の列ではありません' : 'Z 列不是 BOM 的列');
  expect(said.flatMap((s) => englishIn(s.replace('not an address', ''), ['Sheet1']))).toEqual([]);
});
