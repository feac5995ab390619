/*
 * What a replacement of one part by another says in each language: why the two parts cannot be
 * judged, why the new one is not a drop-in, why a logged file cannot be put back and why a log
 * cannot be read. Each sentence is worded from the facts (parts, fields, cells), so English keeps
 * its sentences word for word and Japanese and Chinese say the same thing in their own order.
 */
import { FIELDS, fieldLabel, type Lang } from '../../api/vocabulary';
import { lookupReasonIn } from '../enrich/reason-words';

/** Why a part's lookup answer gives no single part. */
export interface UnusablePart {
  input: string;
  kind: 'notFound' | 'invalid' | 'ambiguous';
  /** The lookup's own reason (English, as the client gives it). */
  reason?: string;
}

/** Why a logged file is not put back. */
export type RestoreRefusal =
  | { kind: 'unreadable' }
  | { kind: 'changed' }
  | { kind: 'noSheet'; sheet: string }
  | { kind: 'notHeld'; sheet?: string; cell: string; after: string }
  | { kind: 'notBack' };

/** Why a file's text is not a replace log. */
export type LogProblem = { kind: 'notJson' } | { kind: 'notLog'; expected: string } | { kind: 'version'; found: string; read: number } | { kind: 'fields' } | { kind: 'file' };

interface ReplaceWords {
  unusable: (part: UnusablePart) => string;
  otherKind: (newPart: string, oldPart: string, group: string, originalGroup: string) => string;
  /** `fields` are the fields' names (English); `differs` what differs, already in the language. */
  fallsShort: (newPart: string, oldPart: string, fields: readonly string[], differs: readonly string[]) => string;
  refusal: (file: string, why: RestoreRefusal) => string;
  logProblem: (problem: LogProblem) => string;
}

/** A field's name as `lang` writes it. */
const labelOf = (name: string, lang: Lang): string => {
  const field = FIELDS.find((f) => f.name === name);
  return field ? fieldLabel(field, lang) : name;
};

const EN: ReplaceWords = {
  unusable: ({ input, kind, reason }) => {
    if (kind === 'notFound') return `${input} was not found${reason ? ` (${reason.replace(/\.$/, '')})` : ''}.`;
    if (kind === 'invalid') return `${input} is not a part number: ${reason ?? 'the service refused it'}`;
    return `${input} matches several parts; give the whole part number.`;
  },
  otherKind: (newPart, oldPart, group, originalGroup) => `${newPart} is not a drop-in for ${oldPart}: it is a part of another kind (${group}, not ${originalGroup}).`,
  fallsShort: (newPart, oldPart, fields, differs) =>
    `${newPart} is not a drop-in for ${oldPart}: it falls short on ${fields.join(', ')} (${differs.join('; ') || 'the same values, another status'}; the new part's value first).`,
  refusal: (file, why) => {
    switch (why.kind) {
      case 'unreadable':
        return `${file} cannot be read; it is left as it is.`;
      case 'changed':
        return `${file} changed since the replacement was logged (its content is not what the replacement wrote); it is left as it is.`;
      case 'noSheet':
        return `${file} has no sheet '${why.sheet}'; it is left as it is.`;
      case 'notHeld':
        return `${file}: ${why.sheet === undefined ? '' : `'${why.sheet}'!`}${why.cell} does not hold ${why.after}; the file is left as it is.`;
      case 'notBack':
        return `${file}: the log's cells do not give back the file it had before the replacement; it is left as it is.`;
    }
  },
  logProblem: (problem) => {
    switch (problem.kind) {
      case 'notJson':
        return 'it is not JSON';
      case 'notLog':
        return `it is not a log of partspec replace (its "kind" is not "${problem.expected}")`;
      case 'version':
        return `it is a log of version ${problem.found}; this partspec reads version ${problem.read}`;
      case 'fields':
        return 'its fields are not those of a replace log';
      case 'file':
        return 'one of its files is not recorded as a replace log records it';
    }
  },
};

const JA: ReplaceWords = {
  unusable: ({ input, kind, reason }) => {
    const why = lookupReasonIn(reason, 'ja');
    if (kind === 'notFound') return `${input} は見つかりませんでした${why ? `（${why.replace(/[。.]$/, '')}）` : ''}。`;
    if (kind === 'invalid') return `${input} は品番ではありません: ${why ?? 'サービスが受け付けませんでした'}`;
    return `${input} は複数の部品に一致します。品番全体を指定してください。`;
  },
  otherKind: (newPart, oldPart, group, originalGroup) => `${newPart} は ${oldPart} のそのまま置換品ではありません: 種類の違う部品です（${originalGroup} ではなく ${group}）。`,
  fallsShort: (newPart, oldPart, fields, differs) =>
    `${newPart} は ${oldPart} のそのまま置換品ではありません: ${fields.map((f) => labelOf(f, 'ja')).join('、')}が及びません（${differs.join('、') || '値は同じで状態が違います'}）。`,
  refusal: (file, why) => {
    switch (why.kind) {
      case 'unreadable':
        return `${file} を読み取れません。そのままにしました。`;
      case 'changed':
        return `${file} は置換を記録した後に変更されています（置換で書いた内容ではありません）。そのままにしました。`;
      case 'noSheet':
        return `${file} にシート「${why.sheet}」がありません。そのままにしました。`;
      case 'notHeld':
        return `${file}: ${why.sheet === undefined ? '' : `シート「${why.sheet}」の `}${why.cell} が ${why.after} ではありません。ファイルはそのままにしました。`;
      case 'notBack':
        return `${file}: ログのセルを戻しても置換前のファイルになりません。そのままにしました。`;
    }
  },
  logProblem: (problem) => {
    switch (problem.kind) {
      case 'notJson':
        return 'JSON ではありません';
      case 'notLog':
        return `partspec replace のログではありません（"kind" が "${problem.expected}" ではありません）`;
      case 'version':
        return `バージョン ${problem.found} のログです。この partspec が読めるのはバージョン ${problem.read} です`;
      case 'fields':
        return '置換ログの項目がありません';
      case 'file':
        return '置換ログの形式で記録されていないファイルがあります';
    }
  },
};

const ZH: ReplaceWords = {
  unusable: ({ input, kind, reason }) => {
    const why = lookupReasonIn(reason, 'zh');
    if (kind === 'notFound') return `未找到 ${input}${why ? `（${why.replace(/[。.]$/, '')}）` : ''}。`;
    if (kind === 'invalid') return `${input} 不是型号：${why ?? '服务拒绝了它'}`;
    return `${input} 匹配多个零件；请给出完整型号。`;
  },
  otherKind: (newPart, oldPart, group, originalGroup) => `${newPart} 不能直接替换 ${oldPart}：它是另一类零件（${group}，而不是 ${originalGroup}）。`,
  fallsShort: (newPart, oldPart, fields, differs) =>
    `${newPart} 不能直接替换 ${oldPart}：${fields.map((f) => labelOf(f, 'zh')).join('、')}不满足要求（${differs.join('；') || '数值相同，状态不同'}）。`,
  refusal: (file, why) => {
    switch (why.kind) {
      case 'unreadable':
        return `无法读取 ${file}；保持原样。`;
      case 'changed':
        return `${file} 在记录替换后已被修改（内容不是替换所写的）；保持原样。`;
      case 'noSheet':
        return `${file} 中没有工作表“${why.sheet}”；保持原样。`;
      case 'notHeld':
        return `${file}：${why.sheet === undefined ? '' : `工作表“${why.sheet}”的 `}${why.cell} 不是 ${why.after}；文件保持原样。`;
      case 'notBack':
        return `${file}：按日志恢复单元格后得不到替换前的文件；保持原样。`;
    }
  },
  logProblem: (problem) => {
    switch (problem.kind) {
      case 'notJson':
        return '它不是 JSON';
      case 'notLog':
        return `它不是 partspec replace 的日志（其 "kind" 不是 "${problem.expected}"）`;
      case 'version':
        return `它是版本 ${problem.found} 的日志；此 partspec 读取版本 ${problem.read}`;
      case 'fields':
        return '它的字段不是替换日志的字段';
      case 'file':
        return '其中有文件未按替换日志的格式记录';
    }
  },
};

/** The replacement's sentences in each language. */
export const REPLACE_WORDS: Readonly<Record<Lang, ReplaceWords>> = { en: EN, ja: JA, zh: ZH };
