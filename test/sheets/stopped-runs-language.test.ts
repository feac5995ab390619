/**
 * BOM summary and Parts in use when they stop short, in the pane's language: cancelled, no BOM
 * sheet, and a failure that is neither a BOM not found nor one of the service's failures (Excel's
 * own, the service's own text, or anything else). English keeps its sentences word for word.
 */
import { HttpError } from '../../api/errors';
import type { Lang } from '../../api/vocabulary';
import { summarizeBomInExcel } from '../../src/sheets/bom-summary';
import { writeWorkbookPortfolio } from '../../src/sheets/portfolio';
import type { RunExcel } from '../../src/sheets/deps';
import { freshWorkbook, useRig, type Rig } from './helpers';

const rig = useRig({ realNumbers: false });

/** Runs of two or more ASCII letters once part numbers, the BOM's headers and the product's names are out. */
function englishIn(text: string, kept: readonly string[] = []): string[] {
  let rest = text;
  for (const k of [...kept, 'PartSpec', 'BOM', 'Excel', 'Enter', 'Esc'].sort((a, b) => b.length - a.length)) rest = rest.split(k).join(' ');
  return rest.replace(/[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
}

function bom(r: Rig): void {
  const parts = rig.emulator.catalog.byGroup.Ind.slice(0, 3).map((p) => p.values.Partno as string);
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'Mfr PN', 'Qty'], ...parts.map((p, i) => [`L${i + 1}`, p, 1])]);
  r.excel.select('Sheet1', 'B2');
}

const aborted = (): AbortSignal => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};

/** A workbook whose every request fails with `error`. */
const failingWith = (error: unknown): RunExcel => () => Promise.reject(error);

const excelError = (code: string): Error => Object.assign(new Error('internal text not meant for users'), { name: 'RichApi.Error', code });
const request = { method: 'GET', url: 'http://127.0.0.1:1/products', headers: {} };

test.each(['ja', 'zh'] as const)('BOM summary and Parts in use cancelled say so in %s', async (lang: Lang) => {
  const r = freshWorkbook(rig);
  bom(r);
  const summary = await summarizeBomInExcel({ run: r.excel.run, client: r.client }, { labels: lang, signal: aborted() });
  expect(summary.status).toBe('cancelled');
  const parts = await writeWorkbookPortfolio({ run: r.excel.run, client: r.client }, { labels: lang, signal: aborted() });
  expect(parts.status).toBe('cancelled');
  for (const result of [summary, parts]) {
    if (result.status === 'done') continue;
    expect(result.message).toContain(lang === 'ja' ? 'ブックは変更されていません' : '工作簿未更改');
    expect(englishIn(result.message)).toEqual([]);
  }
});

test('BOM summary and Parts in use cancelled keep their English sentences', async () => {
  const r = freshWorkbook(rig);
  bom(r);
  expect(await summarizeBomInExcel({ run: r.excel.run, client: r.client }, { signal: aborted() })).toMatchObject({ status: 'cancelled', message: 'The summary was cancelled; the workbook is unchanged.' });
  expect(await writeWorkbookPortfolio({ run: r.excel.run, client: r.client }, { signal: aborted() })).toMatchObject({ status: 'cancelled', message: 'Parts in use was cancelled; the workbook is unchanged.' });
});

test.each(['ja', 'zh'] as const)('Parts in use on a workbook without a BOM sheet says why in %s', async (lang: Lang) => {
  const r = freshWorkbook(rig);
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'Qty'], ['C1', 2]]);
  const parts = await writeWorkbookPortfolio({ run: r.excel.run, client: r.client }, { labels: lang });
  expect(parts.status).toBe('failed');
  if (parts.status !== 'failed') return;
  expect(parts.message).toContain(lang === 'ja' ? '品番の列が見つかりませんでした' : '未找到型号列');
  expect(englishIn(parts.message, ['Sheet1', 'Part Number', 'MPN'])).toEqual([]);
});

test.each(['ja', 'zh'] as const)('a BOM summary that fails for another reason says so in %s, keeping only the service\'s own text', async (lang: Lang) => {
  const r = freshWorkbook(rig);
  const summarize = (error: unknown) => summarizeBomInExcel({ run: failingWith(error), client: r.client }, { labels: lang });
  const opening = lang === 'ja' ? 'BOM の集計を作成できませんでした。' : '无法生成 BOM 汇总。';
  // Anything else: the sentence alone, none of its English.
  expect(await summarize(new Error('The disk is full'))).toEqual({ status: 'failed', message: opening, error: expect.any(Error) });
  // Excel's own failure, in the language.
  const excel = await summarize(excelError('AccessDenied'));
  expect(excel.status === 'failed' && excel.message).toMatch(new RegExp(`^${opening} ${lang === 'ja' ? 'ここは変更できません' : 'Excel 不允许在此更改'}`));
  // The service's own text is kept as it came.
  const service = await summarize(new HttpError({ status: 418, request, body: JSON.stringify({ message: 'Quota of the month used up' }) }));
  expect(service).toMatchObject({ status: 'failed', message: `${opening} Quota of the month used up` });
  for (const result of [excel]) if (result.status === 'failed') expect(englishIn(result.message)).toEqual([]);
});

test('a BOM summary that fails for another reason keeps the error\'s English sentence in English', async () => {
  const r = freshWorkbook(rig);
  expect(await summarizeBomInExcel({ run: failingWith(new Error('The disk is full')), client: r.client })).toMatchObject({ status: 'failed', message: 'The disk is full' });
});
