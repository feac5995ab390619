/**
 * Refresh in the pane's language: an imported search's status line is written in the language of
 * the pane that imported it, and Refresh knows it as PartSpec's line in any language (a sheet
 * imported in Japanese is refreshed from an English or Chinese pane); a line of the user's own
 * above the table is never overwritten. What Refresh says when the recalculation or an import
 * fails is in the pane's language. English keeps its sentences.
 */
import { DEMO_KEY } from '../../emulator';
import type { Lang } from '../../api/vocabulary';
import { lastCommandNotice } from '../../src/commands/notices';
import { runRefresh } from '../../src/commands/ribbon-actions';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { createMemoryStorage } from '../../src/settings/storage';
import type { RunExcel } from '../../src/sheets/deps';
import { importProducts } from '../../src/sheets/import';
import { refreshWorkbook } from '../../src/sheets/refresh';
import { readDoneStatus } from '../../core/tables/status-words';
import { freshWorkbook, useRig, type Rig } from './helpers';

const rig = useRig({ realNumbers: false });

/** Runs of two or more ASCII letters once the table's name, field codes and the product's names are out. */
function englishIn(text: string, kept: readonly string[] = []): string[] {
  let rest = text;
  for (const k of [...kept, 'PartSpec', 'API', 'Excel', 'UTC', 'SMD'].sort((a, b) => b.length - a.length)) rest = rest.split(k).join(' ');
  return rest.replace(/[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
}

async function session(lang: Lang, key = DEMO_KEY): Promise<ReturnType<typeof createSessionProvider>> {
  const store = createSettingsStore(createMemoryStorage(), defaultPreferences(rig.emulator.url));
  await store.setApiKey(key);
  await store.save({ uiLanguage: lang });
  return createSessionProvider({ settings: store });
}

const FILTER = "Status eq 'In Production'";

async function imported(r: Rig, labels: Lang): Promise<{ sheet: string; table: string }> {
  const result = await importProducts({ run: r.excel.run, client: r.client, settings: r.settings }, { query: { category: 'inductors', filter: FILTER, max: 30 }, fields: ['Partno', 'Status'], labels });
  expect(result.status).toBe('done');
  return { sheet: result.sheetName!, table: result.tableName! };
}

const statusOf = (r: Rig, sheet: string): string => String(r.excel.values(sheet)[0][0]);

test.each([['ja', 'en'], ['zh', 'ja'], ['en', 'zh']] as const)('a search imported in %s is written in that language and refreshed from a %s pane', async (first: Lang, then: Lang) => {
  const r = freshWorkbook(rig);
  const { sheet, table } = await imported(r, first);
  const line = statusOf(r, sheet);
  expect(line).toMatch(first === 'en' ? /^PartSpec: 30 products \(more products match/ : first === 'ja' ? /^PartSpec: 製品 30 件/ : /^PartSpec: 30 个产品/);
  // The data language stays its code, as the API names it.
  if (first !== 'en') expect(englishIn(line.replace(/ en · /, ' · '), [FILTER])).toEqual([]);
  expect(readDoneStatus(line)).toMatchObject({ productCount: 30, category: 'inductors', filter: FILTER, requestCount: 1 });

  await runRefresh({ run: r.excel.run, session: await session(then), settings: r.settings });
  expect(lastCommandNotice()?.ok).toBe(true);
  const again = statusOf(r, sheet);
  expect(readDoneStatus(again)).toMatchObject({ productCount: 30, category: 'inductors', filter: FILTER });
  expect(again).toContain(then === 'en' ? '· no change since the last refresh' : then === 'ja' ? '前回の更新から変更なし' : '自上次刷新以来没有变化');
  expect(r.excel.tables().find((t) => t.name === table)?.rowCount).toBe(30);
});

test.each(['ja', 'zh', 'en'] as const)('text of the user\'s own over the status line is kept: Refresh leaves that table and says so (%s)', async (lang: Lang) => {
  const r = freshWorkbook(rig);
  const { sheet, table } = await imported(r, 'ja');
  r.excel.setCells(sheet, 'A1', [['Inductors for board rev. 3']]);
  const before = JSON.stringify(r.excel.values(sheet));
  await runRefresh({ run: r.excel.run, session: await session(lang), settings: r.settings });
  const notice = lastCommandNotice();
  expect(notice?.ok).toBe(false);
  expect(JSON.stringify(r.excel.values(sheet))).toBe(before);
  if (lang === 'en') expect(notice?.message).toBe(`${table}: A1, above the table ${table}, holds text that is not PartSpec's status line: the table is left as it was. Clear A1 to refresh it.`);
  else expect(englishIn(notice?.message ?? '', [table])).toEqual([]);
});

test.each(['ja', 'zh'] as const)('a recalculation that fails and an import the service refuses are said in %s in the Refresh notice', async (lang: Lang) => {
  const r = freshWorkbook(rig);
  const { sheet, table } = await imported(r, lang);
  // Excel refuses the recalculation (the first request); everything after works.
  let calls = 0;
  const run: RunExcel = (batch) => (calls++ === 0 ? Promise.reject(Object.assign(new Error('internal'), { name: 'RichApi.Error', code: 'AccessDenied' })) : r.excel.run(batch));
  await runRefresh({ run, session: await session(lang, 'a-key-the-service-refuses'), settings: r.settings });
  const notice = lastCommandNotice()?.message ?? '';
  expect(notice).toContain(lang === 'ja' ? '再計算できませんでした。' : '重新计算失败。');
  expect(notice).toContain(lang === 'ja' ? 'API キーが拒否されました（403）' : 'API 密钥被拒绝（403）');
  expect(englishIn(notice, [table])).toEqual([]);
  // The rows stay; the status line says the refresh failed, in the language.
  expect(r.excel.tables().find((t) => t.name === table)?.rowCount).toBe(30);
  expect(englishIn(statusOf(r, sheet))).toEqual([]);
});

test('a recalculation that fails keeps its English sentence in English', async () => {
  const r = freshWorkbook(rig);
  let calls = 0;
  const run: RunExcel = (batch) => (calls++ === 0 ? Promise.reject(new Error('The calculation engine is busy.')) : r.excel.run(batch));
  const result = await refreshWorkbook({ run, client: r.client, settings: r.settings });
  expect(result.message).toBe('Recalculation failed: The calculation engine is busy.');
});
