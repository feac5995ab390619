/**
 * The status line above an imported table, in each language of the pane: English keeps the line it
 * always wrote; Japanese and Chinese say it in their words (the category by its label); and any
 * line, written in any language, with or without a refresh's changes after it, reads back to the
 * same count, category, filter, order, data language, requests and time.
 */
import fc from 'fast-check';
import { CATEGORY_IDS, LANGS, type Lang } from '../../api/vocabulary';
import type { ImportRecord } from '../../core/tables/metadata';
import { cancelledStatus, doneStatus, failedStatus, inProgressStatus, refreshFailedStatus } from '../../core/tables/status-text';
import { isImportStatus, readDoneStatus } from '../../core/tables/status-words';
import { describeTableChanges } from '../../core/tables/table-changes';

const record = (over: Partial<ImportRecord> & { query: ImportRecord['query'] }): ImportRecord => ({
  version: 1,
  tableName: 'PartSpec_Inductors',
  sheetName: 'Inductors',
  fields: ['Partno'],
  lang: 'en',
  time: '2026-03-04T05:06:07.000Z',
  productCount: 550,
  requestCount: 1,
  truncated: false,
  ...over,
});

test('English keeps the line it always wrote; Japanese and Chinese write theirs with no English word', () => {
  const r = record({ query: { category: 'ceramicCapacitorsSMD', filter: "Status eq 'In Production'", orderby: 'Partno asc' }, productCount: 1234, requestCount: 3, truncated: true });
  expect(doneStatus(r)).toBe("PartSpec: 1,234 products (more products match; raise the maximum to get them) · ceramicCapacitorsSMD · filter Status eq 'In Production' · order Partno asc · lang en · 3 requests · 2026-03-04 05:06 UTC");
  expect(doneStatus(record({ query: {}, requestCount: 1 }))).toBe('PartSpec: 550 products · all categories · lang en · 1 request · 2026-03-04 05:06 UTC');
  for (const lang of ['ja', 'zh'] as const) {
    const said = [doneStatus(r, lang), inProgressStatus(lang), cancelledStatus(3, 10, lang), failedStatus(3, 10, '', lang), refreshFailedStatus('', lang), describeTableChanges({ added: 1, removed: 2, changed: 3 }, lang), describeTableChanges({ added: 0, removed: 0, changed: 0 }, lang)];
    const english = said.map((s) => s.replace("Status eq 'In Production'", '').replace('Partno asc', '').replace(/PartSpec|SMD|UTC| en /g, '')).filter((s) => /[A-Za-z]{2,}/.test(s));
    expect(english).toEqual([]);
  }
});

/** A filter or order as a user may type it: any text but the line's separator, not blank at either end. */
const text = fc.string({ minLength: 1, maxLength: 40, unit: fc.constantFrom(...'ab XYZ09=\'|()<>-_.,:;/*「」状态フィルター並べ替え'.split('')) }).filter((s) => s.trim() === s && s !== '');

test('any status line written in any language reads back the same, and is known as PartSpec\'s in every language', () => {
  fc.assert(
    fc.property(
      fc.record({
        category: fc.option(fc.constantFrom(...CATEGORY_IDS), { nil: undefined }),
        filter: fc.option(text, { nil: undefined }),
        orderby: fc.option(text, { nil: undefined }),
        lang: fc.constantFrom(...LANGS),
        productCount: fc.nat(5_000_000),
        requestCount: fc.integer({ min: 1, max: 100_000 }),
        truncated: fc.boolean(),
        time: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
      }),
      fc.constantFrom<Lang>(...LANGS),
      fc.option(fc.record({ added: fc.nat(9999), removed: fc.nat(9999), changed: fc.nat(9999) }), { nil: undefined }),
      (facts, written, changes) => {
        const r = record({ query: { category: facts.category, filter: facts.filter, orderby: facts.orderby }, lang: facts.lang, productCount: facts.productCount, requestCount: facts.requestCount, truncated: facts.truncated, time: facts.time });
        const line = changes ? `${doneStatus(r, written)} · ${describeTableChanges(changes, written)}` : doneStatus(r, written);
        expect(readDoneStatus(line)).toEqual({
          productCount: facts.productCount,
          truncated: facts.truncated,
          ...(facts.category ? { category: facts.category } : {}),
          ...(facts.filter ? { filter: facts.filter } : {}),
          ...(facts.orderby ? { orderby: facts.orderby } : {}),
          lang: facts.lang,
          requestCount: facts.requestCount,
          time: facts.time.slice(0, 16).replace('T', ' '),
        });
        expect(isImportStatus(line)).toBe(true);
      },
    ),
    { numRuns: 500 },
  );
});

test('the lines of an import in progress, cancelled or failed are PartSpec\'s in every language; a title of the user\'s is not', () => {
  for (const lang of LANGS) {
    for (const line of [inProgressStatus(lang), cancelledStatus(3, 10, lang), cancelledStatus(3, undefined, lang), failedStatus(0, 0, 'x', lang), failedStatus(3, 10, 'x', lang), refreshFailedStatus('x', lang)]) expect([line, isImportStatus(line)]).toEqual([line, true]);
  }
  for (const title of ['Capacitors for board rev. 3', 'PartSpec', 'PartSpec: my own notes', '550 products', 42, undefined]) expect(isImportStatus(title)).toBe(false);
});
