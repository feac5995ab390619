/*
 * Excel's errors in words a user can act on. An `OfficeExtension.Error` carries a `code`
 * (ItemNotFound, InvalidOperationInCellEditMode…) and a message Microsoft says is not meant for
 * end users; the sentence is chosen by the code, in the pane's language, and the message is never
 * shown. The Excel adapter wraps `Excel.run` with `sayingOfficeErrors`, so every shell (the pane,
 * the ribbon's notices, the core's failure texts) gets the sentence as the error's `userMessage`.
 */
import type { Lang } from '../../api/vocabulary';
import type { RunExcel } from './deps';

type Sentences = Record<Lang, string>;

/** The sentence for each code the add-in can meet, in each language. */
export const OFFICE_ERROR_SENTENCES: Readonly<Record<string, Sentences>> = {
  InvalidOperationInCellEditMode: {
    en: 'Excel is editing a cell: press Enter or Esc to leave it, then try again.',
    ja: 'Excel がセルを編集中です。Enter キーまたは Esc キーで編集を終えてから、もう一度実行してください。',
    zh: 'Excel 正在编辑单元格：请按 Enter 或 Esc 退出编辑，然后重试。',
  },
  ItemNotFound: {
    en: 'A sheet, table or range PartSpec works on is no longer there (renamed or deleted?). Select the BOM again and retry.',
    ja: 'PartSpec が扱うシート、表、または範囲が見つかりません（名前の変更や削除?）。BOM をもう一度選択して再実行してください。',
    zh: 'PartSpec 使用的工作表、表格或区域已不存在（被重命名或删除？）。请重新选择 BOM 后重试。',
  },
  ItemAlreadyExists: {
    en: 'A sheet or table with that name already exists. Rename or remove it, then try again.',
    ja: '同じ名前のシートまたは表が既にあります。名前を変更するか削除してから、もう一度実行してください。',
    zh: '已存在同名的工作表或表格。请重命名或删除后重试。',
  },
  ApiNotFound: {
    en: 'This version of Excel lacks a feature PartSpec needs here. Update Excel, or use Excel on the web.',
    ja: 'この Excel のバージョンには、この操作に必要な機能がありません。Excel を更新するか、Excel on the web を使ってください。',
    zh: '此版本的 Excel 缺少此操作所需的功能。请更新 Excel，或使用 Excel 网页版。',
  },
  NotImplemented: {
    en: 'This version of Excel lacks a feature PartSpec needs here. Update Excel, or use Excel on the web.',
    ja: 'この Excel のバージョンには、この操作に必要な機能がありません。Excel を更新するか、Excel on the web を使ってください。',
    zh: '此版本的 Excel 缺少此操作所需的功能。请更新 Excel，或使用 Excel 网页版。',
  },
  RequestPayloadSizeLimitExceeded: {
    en: 'Too much data for one request to Excel. Select fewer rows or columns and try again.',
    ja: 'Excel への 1 回の要求としてはデータが多すぎます。行または列を減らして選択し、もう一度実行してください。',
    zh: '一次发送给 Excel 的数据过多。请选择较少的行或列后重试。',
  },
  ResponsePayloadSizeLimitExceeded: {
    en: 'Too much data for one request to Excel. Select fewer rows or columns and try again.',
    ja: 'Excel への 1 回の要求としてはデータが多すぎます。行または列を減らして選択し、もう一度実行してください。',
    zh: '一次发送给 Excel 的数据过多。请选择较少的行或列后重试。',
  },
  AccessDenied: {
    en: 'Excel does not allow changes here: the workbook or sheet is protected or read-only. Unprotect it or save a copy, then try again.',
    ja: 'ここは変更できません。ブックまたはシートが保護されているか読み取り専用です。保護を解除するかコピーを保存してから、もう一度実行してください。',
    zh: 'Excel 不允许在此更改：工作簿或工作表受保护或只读。请取消保护或另存副本后重试。',
  },
  InvalidArgument: {
    en: 'Excel refused a value or range PartSpec gave it. Check that the selection is inside one sheet and try again.',
    ja: 'PartSpec が渡した値または範囲を Excel が受け付けませんでした。選択範囲が 1 つのシート内にあることを確認して、もう一度実行してください。',
    zh: 'Excel 拒绝了 PartSpec 提供的值或区域。请确认所选内容位于同一工作表中后重试。',
  },
  InvalidReference: {
    en: 'Excel refused a value or range PartSpec gave it. Check that the selection is inside one sheet and try again.',
    ja: 'PartSpec が渡した値または範囲を Excel が受け付けませんでした。選択範囲が 1 つのシート内にあることを確認して、もう一度実行してください。',
    zh: 'Excel 拒绝了 PartSpec 提供的值或区域。请确认所选内容位于同一工作表中后重试。',
  },
  InvalidSelection: {
    en: 'Excel cannot work on this selection. Select cells on one sheet (not a chart or a shape) and try again.',
    ja: 'この選択範囲では実行できません。1 つのシートのセル（グラフや図形ではなく）を選択して、もう一度実行してください。',
    zh: 'Excel 无法处理此选择。请选择同一工作表中的单元格（而非图表或形状）后重试。',
  },
  InvalidOperation: {
    en: 'Excel cannot do this on the current sheet (a filter, merged cells or a table in the way?). Clear them and try again.',
    ja: '現在のシートではこの操作を実行できません（フィルター、結合セル、表が妨げていませんか?）。解除してから、もう一度実行してください。',
    zh: 'Excel 无法在当前工作表上执行此操作（是否有筛选、合并单元格或表格阻碍？）。请清除后重试。',
  },
  UnsupportedOperation: {
    en: 'Excel cannot do this on the current sheet (a filter, merged cells or a table in the way?). Clear them and try again.',
    ja: '現在のシートではこの操作を実行できません（フィルター、結合セル、表が妨げていませんか?）。解除してから、もう一度実行してください。',
    zh: 'Excel 无法在当前工作表上执行此操作（是否有筛选、合并单元格或表格阻碍？）。请清除后重试。',
  },
  InsertDeleteConflict: {
    en: 'Excel cannot insert or delete cells here because of a table, a merged cell or a filter. Clear them and try again.',
    ja: '表、結合セル、またはフィルターのため、ここではセルを挿入・削除できません。解除してから、もう一度実行してください。',
    zh: '由于表格、合并单元格或筛选，Excel 无法在此插入或删除单元格。请清除后重试。',
  },
  Conflict: {
    en: 'Someone else changed the workbook at the same time. Wait a moment and try again.',
    ja: '同時に他のユーザーがブックを変更しました。少し待ってから、もう一度実行してください。',
    zh: '有人同时更改了工作簿。请稍候再试。',
  },
  ActivityLimitReached: {
    en: 'Excel is busy with too many requests. Wait a moment and try again.',
    ja: 'Excel が多くの要求を処理中です。少し待ってから、もう一度実行してください。',
    zh: 'Excel 正忙于处理过多请求。请稍候再试。',
  },
  ServiceNotAvailable: {
    en: 'Excel could not be reached just now. Wait a moment and try again.',
    ja: '現在 Excel に接続できません。少し待ってから、もう一度実行してください。',
    zh: '暂时无法连接 Excel。请稍候再试。',
  },
  Timeout: {
    en: 'Excel took too long to answer. Try again, with fewer rows if it happens again.',
    ja: 'Excel の応答に時間がかかりすぎました。もう一度実行し、繰り返す場合は行数を減らしてください。',
    zh: 'Excel 响应超时。请重试；如果再次发生，请减少行数。',
  },
  GeneralException: {
    en: 'Excel could not finish this. Try again; if it keeps happening, save the workbook and reopen it.',
    ja: 'Excel でこの操作を完了できませんでした。もう一度実行し、繰り返す場合はブックを保存して開き直してください。',
    zh: 'Excel 无法完成此操作。请重试；如果仍然出现，请保存并重新打开工作簿。',
  },
};

/** Said for a code the table does not name; the code is shown, Office's message never. */
const OTHER_CODE: Record<Lang, (code: string) => string> = {
  en: (code) => `Excel could not finish this (${code}). Try again; if it keeps happening, save the workbook and reopen it.`,
  ja: (code) => `Excel でこの操作を完了できませんでした (${code})。もう一度実行し、繰り返す場合はブックを保存して開き直してください。`,
  zh: (code) => `Excel 无法完成此操作 (${code})。请重试；如果仍然出现，请保存并重新打开工作簿。`,
};

/** The code of an Excel error (an `OfficeExtension.Error`, `RichApi.Error` by name), or undefined for anything else. */
export function officeErrorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { name, code } = error as { name?: unknown; code?: unknown };
  const officeExtension = (globalThis as { OfficeExtension?: typeof OfficeExtension }).OfficeExtension;
  const isOffice = name === 'RichApi.Error' || (typeof officeExtension?.Error === 'function' && error instanceof officeExtension.Error);
  return isOffice && typeof code === 'string' && code ? code : undefined;
}

/** The sentence for an Excel error code in `lang`. */
function sentenceForOfficeCode(code: string, lang: Lang): string {
  return OFFICE_ERROR_SENTENCES[code]?.[lang] ?? OTHER_CODE[lang](code);
}

/**
 * The sentence for an Excel error in `lang` (one Excel threw, or an ExcelError made of one), or
 * undefined when the error is not Excel's.
 */
export function describeOfficeError(error: unknown, lang: Lang): string | undefined {
  const code = error instanceof ExcelError ? error.code : officeErrorCode(error);
  return code === undefined ? undefined : sentenceForOfficeCode(code, lang);
}

/** An Excel error with its sentence: what every shell shows (`userMessage`); the original is its `cause`. */
export class ExcelError extends Error {
  override readonly name = 'ExcelError';
  constructor(
    readonly code: string,
    readonly userMessage: string,
    readonly cause: unknown,
  ) {
    super(userMessage);
  }
}

/**
 * `run` whose Excel errors are rethrown as ExcelError with the sentence in the language `lang()`
 * says at the time; every other error passes as it was.
 */
export function sayingOfficeErrors(run: RunExcel, lang: () => Lang | Promise<Lang>): RunExcel {
  return async (batch) => {
    try {
      return await run(batch);
    } catch (error) {
      const code = officeErrorCode(error);
      if (code === undefined) throw error;
      const language = await Promise.resolve()
        .then(lang)
        .catch((): Lang => 'en');
      throw new ExcelError(code, sentenceForOfficeCode(code, language), error);
    }
  };
}
