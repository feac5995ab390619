/*
 * A compliance pack: every line of one or several BOMs with the maker's RoHS, REACH, lead-free and
 * AEC-Q200 flags and its document links (RoHS certificate, REACH declaration, conflict-minerals
 * report, SVHC document), and per flag what is confirmed, not compliant, unknown (the maker gives
 * no value) or missing (the line names no part of the maker's that was found). Pure: the shells
 * look the BOMs up and write the pack.
 */
import { readValue, type ProductRecord } from '../../api/product';
import { COMPLIANCE_FLAGS, productsOf, type ComplianceFlag, type SummaryRow } from '../report/types';

/** A flag of one line: the maker confirms it, says no, gives no value, or the line has no maker part found. */
export type FlagState = 'yes' | 'no' | 'unknown' | 'missing';

/** What a line is, for the pack. */
export type LineState = 'found' | 'notFound' | 'otherMaker' | 'noPartNumber' | 'notFitted';

/** The maker's compliance documents, by the product field that links each. */
export const DOCUMENT_KINDS = [
  { kind: 'rohsCertificate', key: 'MediaFileUrls.RohsDirectiveCertificateUrl' },
  { kind: 'reachDeclaration', key: 'MediaFileUrls.ReachDeclarationDocumentUrl' },
  { kind: 'conflictMinerals', key: 'MediaFileUrls.ConflictMineralsReportDocumentUrl' },
  { kind: 'svhc', key: 'ComplianceInfo.SvhcDocumentUrl' },
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]['kind'];

/** Where a BOM came from. */
export interface PackSource {
  file?: string;
  sheet: string;
}

export interface ComplianceLine {
  source: PackSource;
  /** 1-based sheet row. */
  sheetRow: number;
  partNumber: string;
  /** What a line without a part number says. */
  text?: string;
  designators: readonly string[];
  state: LineState;
  /** The maker's part numbers the line matched. */
  partnos: readonly string[];
  flags: Readonly<Record<ComplianceFlag, FlagState>>;
  documents: Readonly<Partial<Record<DocumentKind, string>>>;
}

export interface FlagTotals {
  flag: ComplianceFlag;
  yes: number;
  no: number;
  unknown: number;
  missing: number;
}

/** One document address and the parts that link it. */
export interface DocumentLink {
  kind: DocumentKind;
  url: string;
  partnos: readonly string[];
}

export interface CompliancePack {
  sources: readonly PackSource[];
  /** Every line but blank and total rows, in BOM order. */
  lines: readonly ComplianceLine[];
  /** Over the fitted lines (not-fitted lines are listed, not counted). */
  totals: readonly FlagTotals[];
  /** Fitted lines with each kind of document linked. */
  documentCounts: Readonly<Record<DocumentKind, number>>;
  /** Every distinct document address, in the order first linked. */
  documents: readonly DocumentLink[];
}

/** Several products of one part number: any 'no' is no, all yes is yes, else unknown (as the summary decides). */
function flagOf(products: readonly ProductRecord[], flag: ComplianceFlag): FlagState {
  const values = products.map((p) => readValue(p, `ComplianceInfo.${flag}`));
  if (values.some((v) => v === false)) return 'no';
  return values.length > 0 && values.every((v) => v === true) ? 'yes' : 'unknown';
}

function stateOf(row: SummaryRow, products: readonly ProductRecord[]): LineState | undefined {
  if (row.kind === 'dnp') return 'notFitted';
  if (row.kind === 'otherMaker') return 'otherMaker';
  if (row.kind === 'part') return products.length > 0 ? 'found' : 'notFound';
  if (row.kind === 'blank' && row.text) return 'noPartNumber';
  return undefined;
}

const MISSING: Readonly<Record<ComplianceFlag, FlagState>> = Object.fromEntries(COMPLIANCE_FLAGS.map((f) => [f, 'missing'])) as Record<ComplianceFlag, FlagState>;

/** The lines of one BOM's summary rows. */
function complianceLines(rows: readonly SummaryRow[], source: PackSource): ComplianceLine[] {
  const lines: ComplianceLine[] = [];
  for (const row of rows) {
    const products = productsOf(row);
    const state = stateOf(row, products);
    if (state === undefined) continue;
    const documents: Partial<Record<DocumentKind, string>> = {};
    for (const { kind, key } of DOCUMENT_KINDS) {
      const url = products.map((p) => readValue(p, key)).find((v): v is string => typeof v === 'string' && v !== '');
      if (url !== undefined) documents[kind] = url;
    }
    lines.push({
      source,
      sheetRow: row.sheetRow,
      partNumber: row.partNumber,
      ...(row.text ? { text: row.text } : {}),
      designators: row.designators,
      state,
      partnos: products.map((p) => p.partno),
      flags: state === 'found' ? (Object.fromEntries(COMPLIANCE_FLAGS.map((f) => [f, flagOf(products, f)])) as Record<ComplianceFlag, FlagState>) : MISSING,
      documents,
    });
  }
  return lines;
}

/** The pack of every BOM's lines. */
export function compliancePack(boms: readonly { source: PackSource; rows: readonly SummaryRow[] }[]): CompliancePack {
  const lines = boms.flatMap((b) => complianceLines(b.rows, b.source));
  const fitted = lines.filter((l) => l.state !== 'notFitted');
  const totals = COMPLIANCE_FLAGS.map((flag) => {
    const t: FlagTotals = { flag, yes: 0, no: 0, unknown: 0, missing: 0 };
    for (const line of fitted) t[line.flags[flag]] += 1;
    return t;
  });
  const documentCounts = Object.fromEntries(DOCUMENT_KINDS.map(({ kind }) => [kind, fitted.filter((l) => l.documents[kind] !== undefined).length])) as Record<DocumentKind, number>;
  const byUrl = new Map<string, { kind: DocumentKind; url: string; partnos: Set<string> }>();
  for (const line of fitted) {
    for (const { kind } of DOCUMENT_KINDS) {
      const url = line.documents[kind];
      if (url === undefined) continue;
      const entry = byUrl.get(url) ?? { kind, url, partnos: new Set<string>() };
      for (const partno of line.partnos) entry.partnos.add(partno);
      byUrl.set(url, entry);
    }
  }
  return {
    sources: boms.map((b) => b.source),
    lines,
    totals,
    documentCounts,
    documents: [...byUrl.values()].map((d) => ({ kind: d.kind, url: d.url, partnos: [...d.partnos] })),
  };
}
