/*
 * The compliance pack as tables in the reader's language: the workbook's sheets and the HTML
 * page's sections are written from these, so both show the same lines, flags and totals.
 */
import { fieldLabel, getField, type Lang } from '../../api/vocabulary';
import { COMPLIANCE_FLAGS, type ComplianceFlag } from '../report/types';
import { DOCUMENT_KINDS, type CompliancePack, type DocumentKind, type FlagState, type LineState } from './pack';

/** A cell: text, a number, a web address shown as a link, or nothing. */
export type PackCell = string | number | { link: string } | undefined;

export interface PackTable {
  /** The sheet's name and the section's title. */
  name: string;
  header: readonly string[];
  rows: readonly (readonly PackCell[])[];
  /** Column widths in characters. */
  widths: readonly number[];
}

export interface PackLayout {
  title: string;
  /** Lines under the title: what the pack covers. */
  lines: readonly string[];
  tables: readonly PackTable[];
}

interface PackWords {
  title: string;
  covers: (lines: number, boms: number) => string;
  fetched: (day: string) => string;
  sheets: { lines: string; totals: string; documents: string };
  columns: { file: string; sheet: string; row: string; part: string; designators: string; line: string; matched: string; flag: string; kind: string; address: string; parts: string };
  flags: Readonly<Record<FlagState, string>>;
  states: Readonly<Record<LineState, string>>;
  documents: Readonly<Record<DocumentKind, string>>;
  /** The run's last sentence: what was written where, and how many documents were fetched (when asked). */
  written: (lines: number, boms: number, target: string, documents?: { fetched: number; of: number }) => string;
  fetching: string;
  /** The totals' row of a document kind: lines that link it. */
  withDocument: (document: string) => string;
}

const WORDS: Readonly<Record<Lang, PackWords>> = {
  en: {
    title: 'Compliance pack',
    covers: (lines, boms) => `${lines} ${lines === 1 ? 'line' : 'lines'} of ${boms} ${boms === 1 ? 'BOM' : 'BOMs'}; flags and documents as the maker publishes them`,
    fetched: (day) => `Data fetched ${day}`,
    sheets: { lines: 'Compliance', totals: 'Compliance summary', documents: 'Documents' },
    columns: { file: 'File', sheet: 'Sheet', row: 'Row', part: 'Part number', designators: 'Designators', line: 'Line', matched: "Maker's parts", flag: 'Flag', kind: 'Document', address: 'Address', parts: 'Parts' },
    flags: { yes: 'Yes', no: 'No', unknown: 'Unknown', missing: 'Missing' },
    states: { found: 'Found', notFound: 'Not found', otherMaker: "Other maker's part", noPartNumber: 'No part number', notFitted: 'Not fitted' },
    documents: { rohsCertificate: 'RoHS certificate', reachDeclaration: 'REACH declaration', conflictMinerals: 'Conflict-minerals report', svhc: 'SVHC document' },
    withDocument: (d) => `With ${d}`,
    written: (lines, boms, target, documents) => `Compliance pack of ${lines} lines (${boms} ${boms === 1 ? 'BOM' : 'BOMs'}) written to ${target}${documents ? `, with ${documents.fetched} of ${documents.of} documents` : ''}.`,
    fetching: 'Fetching documents',
  },
  ja: {
    title: 'コンプライアンス資料',
    covers: (lines, boms) => `${boms} 件の BOM の ${lines} 行。フラグと資料はメーカーの公開どおり`,
    fetched: (day) => `データ取得日 ${day}`,
    sheets: { lines: 'コンプライアンス', totals: 'コンプライアンス集計', documents: '資料' },
    columns: { file: 'ファイル', sheet: 'シート', row: '行', part: '品番', designators: '部品番号', line: '行の状態', matched: 'メーカー品番', flag: '項目', kind: '資料', address: 'アドレス', parts: '品番' },
    flags: { yes: '適合', no: '非適合', unknown: '不明', missing: 'データなし' },
    states: { found: '該当あり', notFound: '該当なし', otherMaker: '他社品', noPartNumber: '品番なし', notFitted: '未実装' },
    documents: { rohsCertificate: 'RoHS証明書', reachDeclaration: 'REACH宣言書', conflictMinerals: '紛争鉱物報告書', svhc: 'SVHC資料' },
    withDocument: (d) => `${d}あり`,
    written: (lines, boms, target, documents) => `${boms} 件の BOM の ${lines} 行のコンプライアンス資料を ${target} に書き込みました${documents ? `（資料 ${documents.of} 件中 ${documents.fetched} 件を取得）` : ''}。`,
    fetching: '資料を取得中',
  },
  zh: {
    title: '合规资料包',
    covers: (lines, boms) => `${boms} 个 BOM 共 ${lines} 行；标志和文件按制造商公布`,
    fetched: (day) => `数据获取日期 ${day}`,
    sheets: { lines: '合规', totals: '合规汇总', documents: '文件' },
    columns: { file: '文件', sheet: '工作表', row: '行', part: '料号', designators: '位号', line: '行状态', matched: '制造商料号', flag: '项目', kind: '文件类型', address: '地址', parts: '料号' },
    flags: { yes: '符合', no: '不符合', unknown: '未知', missing: '无数据' },
    states: { found: '已找到', notFound: '未找到', otherMaker: '其他制造商', noPartNumber: '无料号', notFitted: '不贴' },
    documents: { rohsCertificate: 'RoHS证书', reachDeclaration: 'REACH声明', conflictMinerals: '冲突矿产报告', svhc: 'SVHC文件' },
    withDocument: (d) => `有${d}`,
    written: (lines, boms, target, documents) => `已将 ${boms} 个 BOM 共 ${lines} 行的合规资料包写入 ${target}${documents ? `（获取了 ${documents.of} 个文件中的 ${documents.fetched} 个）` : ''}。`,
    fetching: '正在获取文件',
  },
};

/** The sentences the command says on stderr, in `lang`. */
export function packSentences(lang: Lang): Pick<PackWords, 'written' | 'fetching'> {
  return WORDS[lang];
}

/** The words of a flag state in `lang` (the JSON keeps the codes). */
export function flagWord(state: FlagState, lang: Lang): string {
  return WORDS[lang].flags[state];
}

const flagLabel = (flag: ComplianceFlag, lang: Lang): string => fieldLabel(getField(`ComplianceInfo.${flag}`)!, lang);
const link = (url: string | undefined): PackCell => (url === undefined ? undefined : { link: url });

/** The pack's tables in `lang`; `fetchedAt` (ISO) is named under the title when given. */
export function layoutPack(pack: CompliancePack, lang: Lang, options: { fetchedAt?: string } = {}): PackLayout {
  const w = WORDS[lang];
  const c = w.columns;
  const lineTable: PackTable = {
    name: w.sheets.lines,
    header: [c.file, c.sheet, c.row, c.part, c.designators, c.line, c.matched, ...COMPLIANCE_FLAGS.map((f) => flagLabel(f, lang)), ...DOCUMENT_KINDS.map((d) => w.documents[d.kind])],
    rows: pack.lines.map((line) => [
      line.source.file ?? '',
      line.source.sheet,
      line.sheetRow,
      line.partNumber || line.text || '',
      line.designators.join(' '),
      w.states[line.state],
      line.partnos.join(' '),
      ...COMPLIANCE_FLAGS.map((f) => (line.state === 'notFitted' ? undefined : w.flags[line.flags[f]])),
      ...DOCUMENT_KINDS.map((d) => link(line.documents[d.kind])),
    ]),
    widths: [18, 14, 6, 22, 16, 14, 22, 10, 10, 10, 10, 30, 30, 30, 30],
  };
  const totalsTable: PackTable = {
    name: w.sheets.totals,
    header: [c.flag, w.flags.yes, w.flags.no, w.flags.unknown, w.flags.missing],
    rows: [
      ...pack.totals.map((t) => [flagLabel(t.flag, lang), t.yes, t.no, t.unknown, t.missing]),
      ...DOCUMENT_KINDS.map((d) => [w.withDocument(w.documents[d.kind]), pack.documentCounts[d.kind], undefined, undefined, undefined]),
    ],
    widths: [40, 12, 12, 12, 12],
  };
  const documentTable: PackTable = {
    name: w.sheets.documents,
    header: [c.kind, c.address, c.parts],
    rows: pack.documents.map((d) => [w.documents[d.kind], { link: d.url }, d.partnos.join(' ')]),
    widths: [24, 60, 40],
  };
  const lines = [w.covers(pack.lines.length, pack.sources.length), ...(options.fetchedAt ? [w.fetched(options.fetchedAt.slice(0, 10))] : [])];
  return { title: w.title, lines, tables: [lineTable, totalsTable, documentTable] };
}
