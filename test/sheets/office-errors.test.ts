/**
 * Excel's errors as sentences chosen by their OfficeExtension.Error code, in English, Japanese and
 * Chinese; Office's own message never reaches a user, whether the error passes through the Excel
 * adapter (`sayingOfficeErrors`), the pane (`describeError`) or the core's failure text.
 */
import { userMessageOf } from '../../core/enrich/failures';
import { ExcelError, OFFICE_ERROR_SENTENCES, describeOfficeError, officeErrorCode, sayingOfficeErrors } from '../../src/sheets/office-errors';
import { describeError } from '../../src/taskpane/describe-error';
import { createTranslator } from '../../src/taskpane/i18n';
import { createExcelDouble } from '../../src/workbench/excel-double';
import { DoubleError } from '../../src/workbench/excel-double/model-types';

/** What office.js throws: an OfficeExtension.Error is named RichApi.Error and carries a code. */
function officeError(code: string): Error {
  return new DoubleError(code, `RAW OFFICE TEXT for ${code}: debugInfo errorLocation Range.values`);
}

const CODES: [string, RegExp, RegExp, RegExp][] = [
  ['InvalidOperationInCellEditMode', /editing a cell: press Enter or Esc/, /セルを編集中です。Enter キーまたは Esc キー/, /正在编辑单元格：请按 Enter 或 Esc/],
  ['ItemNotFound', /no longer there/, /見つかりません/, /已不存在/],
  ['ItemAlreadyExists', /already exists/, /既にあります/, /已存在同名/],
  ['ApiNotFound', /version of Excel lacks a feature/, /バージョンには.*機能がありません/, /版本的 Excel 缺少/],
  ['NotImplemented', /version of Excel lacks a feature/, /バージョンには.*機能がありません/, /版本的 Excel 缺少/],
  ['RequestPayloadSizeLimitExceeded', /Too much data for one request/, /データが多すぎます/, /数据过多/],
  ['ResponsePayloadSizeLimitExceeded', /Too much data for one request/, /データが多すぎます/, /数据过多/],
  ['AccessDenied', /protected or read-only/, /保護されているか読み取り専用/, /受保护或只读/],
  ['InvalidArgument', /refused a value or range/, /受け付けませんでした/, /拒绝了/],
  ['InvalidReference', /refused a value or range/, /受け付けませんでした/, /拒绝了/],
  ['InvalidSelection', /cannot work on this selection/, /この選択範囲では実行できません/, /无法处理此选择/],
  ['InvalidOperation', /cannot do this on the current sheet/, /現在のシートではこの操作/, /无法在当前工作表上/],
  ['UnsupportedOperation', /cannot do this on the current sheet/, /現在のシートではこの操作/, /无法在当前工作表上/],
  ['InsertDeleteConflict', /cannot insert or delete cells/, /挿入・削除できません/, /无法在此插入或删除/],
  ['Conflict', /changed the workbook at the same time/, /同時に他のユーザー/, /有人同时更改/],
  ['ActivityLimitReached', /busy with too many requests/, /多くの要求を処理中/, /正忙于处理过多请求/],
  ['ServiceNotAvailable', /could not be reached/, /接続できません/, /无法连接/],
  ['Timeout', /took too long/, /時間がかかりすぎました/, /响应超时/],
  ['GeneralException', /could not finish this\. Try again/, /完了できませんでした。もう一度/, /无法完成此操作。请重试/],
];

test('the table names every code the sentences cover, and no other', () => {
  expect(CODES.map(([code]) => code).sort()).toEqual(Object.keys(OFFICE_ERROR_SENTENCES).sort());
});

describe.each(CODES)('%s', (code, en, ja, zh) => {
  test.each([
    ['en', en],
    ['ja', ja],
    ['zh', zh],
  ] as const)('in %s: the sentence says what to do, without Office\'s text', (lang, expected) => {
    const sentence = describeOfficeError(officeError(code), lang)!;
    expect(sentence).toMatch(expected);
    expect(sentence).not.toMatch(/RAW OFFICE TEXT|debugInfo/);
  });
});

test('a code the table does not name is said by its code, never by its message', () => {
  expect(describeOfficeError(officeError('FilteredRangeConflict'), 'en')).toBe('Excel could not finish this (FilteredRangeConflict). Try again; if it keeps happening, save the workbook and reopen it.');
  expect(describeOfficeError(officeError('FilteredRangeConflict'), 'ja')).toContain('(FilteredRangeConflict)');
  expect(describeOfficeError(new Error('not Excel'), 'en')).toBeUndefined();
  expect(officeErrorCode({ name: 'RichApi.Error', code: 'ItemNotFound' })).toBe('ItemNotFound');
  expect(officeErrorCode(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeUndefined();
});

test('the Excel adapter turns a payload refusal of the workbook into the sentence, in the language asked for', async () => {
  const excel = createExcelDouble();
  excel.configure({ payloadLimit: 1000 });
  const run = sayingOfficeErrors(excel.run, async () => 'ja' as const);
  const failure = await run(async (context) => {
    context.workbook.worksheets.getItem('Sheet1').getRange('A1:A200').values = Array.from({ length: 200 }, () => ['0123456789']);
    await context.sync();
  }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ExcelError);
  expect(failure).toMatchObject({ code: 'RequestPayloadSizeLimitExceeded', userMessage: OFFICE_ERROR_SENTENCES.RequestPayloadSizeLimitExceeded.ja });
  expect(userMessageOf(failure)).toBe(OFFICE_ERROR_SENTENCES.RequestPayloadSizeLimitExceeded.ja);
  // Other errors pass as they were.
  await expect(run(async () => Promise.reject(new Error('mine')))).rejects.toThrow('mine');
});

test('the pane says an Excel error in its own language, whether or not the adapter wrapped it', () => {
  const raw = officeError('InvalidOperationInCellEditMode');
  expect(describeError(raw, createTranslator('zh'), 'zh')).toBe(OFFICE_ERROR_SENTENCES.InvalidOperationInCellEditMode.zh);
  const wrapped = new ExcelError('AccessDenied', OFFICE_ERROR_SENTENCES.AccessDenied.en, raw);
  expect(describeError(wrapped, createTranslator('ja'), 'ja')).toBe(OFFICE_ERROR_SENTENCES.AccessDenied.ja);
});

test("the core's failure text never repeats a host error's own message", () => {
  expect(userMessageOf(officeError('GeneralException'))).toBe('The workbook could not do this (GeneralException). Try again; if it keeps happening, save the workbook and reopen it.');
  expect(userMessageOf(new Error('The workbook is busy.'))).toBe('The workbook is busy.');
});
