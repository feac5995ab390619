/*
 * What a BOM's reader says about a text file's encoding, in the run's language (--lang): a file
 * read as Windows-1252 or Shift_JIS, or UTF-8 with bytes it does not allow. The facts are the
 * reader's; only the words differ by language.
 */
import type { Lang } from '../../api/vocabulary';

/** The encoding notes of one language. */
export interface EncodingNotes {
  /** Not UTF-8: read and written back as Windows-1252. */
  windows1252: (file: string) => string;
  /** Shift_JIS: read and written back as such. */
  shiftJis: (file: string) => string;
  /** UTF-8 with `bytes` bytes UTF-8 does not allow, written back as they are. */
  strayBytes: (file: string, bytes: number) => string;
  /** PartSpec's new cells hold a character (`foreign`) the file's encoding cannot: written as UTF-8 with a byte-order mark. */
  writtenAsUtf8: (file: string, encoding: string, foreign: string) => string;
}

const EN: EncodingNotes = {
  windows1252: (file) => `${file} is not UTF-8 text: read as Windows-1252 (the usual encoding of older Windows tools); written back the same way.`,
  shiftJis: (file) => `${file} is Shift_JIS text (as Japanese Windows tools write it): read and written back as Shift_JIS.`,
  strayBytes: (file, bytes) =>
    `${file} is UTF-8 text with ${bytes === 1 ? 'one byte' : `${bytes} bytes`} that UTF-8 does not allow: read as UTF-8, and ${bytes === 1 ? 'that byte is written back as it is' : 'those bytes are written back as they are'}.`,
  writtenAsUtf8: (file, encoding, foreign) => `${file}: PartSpec's new cells hold characters ${encoding} cannot (such as ${foreign}), so the file is written as UTF-8 with a byte-order mark instead.`,
};

const JA: EncodingNotes = {
  windows1252: (file) => `${file} は UTF-8 のテキストではありません。Windows-1252（古い Windows ツールの一般的な文字コード）として読み、同じ文字コードで書き戻します。`,
  shiftJis: (file) => `${file} は Shift_JIS のテキストです（日本語版 Windows のツールが書く形式）。Shift_JIS として読み、Shift_JIS で書き戻します。`,
  strayBytes: (file, bytes) => `${file} は UTF-8 のテキストですが、UTF-8 で使えないバイトが ${bytes} 個あります。UTF-8 として読み、そのバイトはそのまま書き戻します。`,
  writtenAsUtf8: (file, encoding, foreign) => `${file}: PartSpec が書き込むセルに ${encoding} で表せない文字（${foreign} など）があるため、BOM 付きの UTF-8 で書き込みます。`,
};

const ZH: EncodingNotes = {
  windows1252: (file) => `${file} 不是 UTF-8 文本：按 Windows-1252（旧版 Windows 工具常用的编码）读取，并按同一编码写回。`,
  shiftJis: (file) => `${file} 是 Shift_JIS 文本（日文版 Windows 工具的写法）：按 Shift_JIS 读取并写回。`,
  strayBytes: (file, bytes) => `${file} 是 UTF-8 文本，但有 ${bytes} 个 UTF-8 不允许的字节：按 UTF-8 读取，这些字节原样写回。`,
  writtenAsUtf8: (file, encoding, foreign) => `${file}：PartSpec 新写入的单元格含有 ${encoding} 无法表示的字符（如 ${foreign}），因此文件改按带 BOM 的 UTF-8 写入。`,
};

/** The encoding notes of each language. */
export const ENCODING_NOTES: Readonly<Record<Lang, EncodingNotes>> = { en: EN, ja: JA, zh: ZH };
