import type { ProductRecord } from '../../api/product';
import type { Lang } from '../../api/vocabulary';
import type { ReplacementAnswer } from '../../api/replacements';
import type { RowKind } from '../bom/bom-rows';
import type { RiskLevel } from '../cells/risk';
import type { MatchOutcome } from '../enrich/enrich-plan';
import type { BomChecks } from '../rules/types';

/**
 * One BOM row as the summary sees it: what the enrichment decided for it (kind, outcome) and what
 * the BOM says about it (designators, quantity). Both shells hand the summary the same rows, so
 * the figures of the Excel sheet, the taskpane view, the HTML page and the JSON agree.
 */
export interface SummaryRow {
  /** 1-based sheet row, as the sheet's row headings number it (what every view shows and links to). */
  sheetRow: number;
  /** The part number as the BOM writes it (trimmed). */
  partNumber: string;
  kind: RowKind;
  /** Reference designators of the row (`C1`, `C2`…), as split from its designator cell. */
  designators: readonly string[];
  /** The quantity cell's value as read, when the BOM has a quantity column. */
  quantity?: unknown;
  /** What the line says when its part-number cell is empty (a description, a value, a footprint), its cells joined. */
  text?: string;
  /** What the lookup found (rows of kind `part` only). */
  outcome?: MatchOutcome;
  /** The Changes column's text for the row: what changed since the last check. */
  changes?: string;
  /** Replacement candidates PartSpec found for the row's part, when it looked for them. */
  replacements?: ReplacementAnswer;
  /** Whether a suggestion found the maker's part for a line without one (another maker's, a generic line); absent when none was asked for. */
  suggested?: boolean;
}

/** Lifecycle buckets of the status chart, in the order they are shown. */
export const STATUS_BUCKETS = [
  'In Production',
  'Under Development',
  'NRND',
  'To be discontinued',
  'Discontinued',
  'Several statuses',
  'Unknown status',
  'Not found',
  'Other maker',
  'No part number',
  'Not fitted',
  'Blank',
] as const;
export type StatusBucket = (typeof STATUS_BUCKETS)[number];

/** Rows and placed quantity (per board) in one bucket. */
export interface Tally {
  rows: number;
  quantity: number;
}

/** Horizons of the end-of-life list: past, then within 6, 12 and 24 months (each excluding the one before). */
export const END_HORIZONS = ['past', 'within6', 'within12', 'within24'] as const;
export type EndHorizon = (typeof END_HORIZONS)[number];

/** Where a part stands in the BOM. */
export interface PartPlace {
  partNumber: string;
  /** 1-based sheet rows that use it. */
  sheetRows: readonly number[];
  designators: readonly string[];
  /** Placed per board, over all its rows. */
  quantityPerBoard: number;
}

/** A part whose last-buy or production-end date is past or within 24 months. */
export interface EndingPart extends PartPlace {
  horizon: EndHorizon;
  /** The earlier of LastBuyDate and ProductionEndDate, `YYYY-MM-DD`. */
  date: string;
  dateField: 'LastBuyDate' | 'ProductionEndDate';
  /** `2027-Q3` */
  quarter: string;
  /**
   * Parts to buy before the date for the builds asked for (quantity per board × builds, rounded up
   * to whole multiples of the minimum order quantity), when builds were given and the last buy
   * has not passed.
   */
  lastTimeBuy?: number;
  /** The smallest MinOrderQuantity of the part's products (one reel), when the maker gives one. */
  minOrderQuantity?: number;
  /** The date has passed: no last-time buy is possible, the part must be replaced. */
  tooLate: boolean;
}

/** The quarter key of the timeline's first bucket: parts whose date has already passed. */
export const PAST_QUARTER = 'past';

/** The compliance flags the summary covers. */
export const COMPLIANCE_FLAGS = ['Rohs', 'Reach', 'LeadFree', 'AecQ200Support'] as const;
export type ComplianceFlag = (typeof COMPLIANCE_FLAGS)[number];

export interface ComplianceCoverage {
  flag: ComplianceFlag;
  /** Found parts (distinct) that comply, do not, or whose flag the maker gives no value for. */
  yes: number;
  no: number;
  unknown: number;
  /** The parts that do not comply or are unknown, with where they are. */
  failing: readonly (PartPlace & { value: 'no' | 'unknown' })[];
}

/** A candidate to use instead of an at-risk part. */
export interface Instead {
  partno: string;
  /**
   * Every spec the original states is met or bettered (size, category, characteristic, value,
   * voltage, tolerance, max temperature, AEC-Q200 when the original has it) and it is In
   * Production: checkDropIn found nothing. Otherwise `differs` says where it falls short.
   */
  dropIn: boolean;
  /** Listed by the maker as an alternative of the part. */
  makerAlternative: boolean;
  /** Where it differs, in words (empty for a drop-in identical in what is compared). */
  differs: readonly string[];
}

/** A part at Risk or EOL, with what could replace it. */
export interface AtRiskPart extends PartPlace {
  risk: RiskLevel;
  reason: string;
  status?: string;
  instead: readonly Instead[];
}

/** A fitted line of the BOM that was not looked up. */
export interface NotLookedUpLine {
  sheetRow: number;
  kind: 'otherMaker' | 'noPartNumber';
  /** The part number as written (another maker's), or what the line says when it has none. */
  text: string;
  /** Placed per board. */
  quantity: number;
}

/** The whole BOM at a glance. */
export interface BomSummary {
  /** Rows of the BOM below the header (every kind). */
  rows: number;
  /** Placed quantity per board over every fitted line: our parts, other makers', lines without a part number. */
  placed: number;
  byStatus: Readonly<Record<StatusBucket, Tally>>;
  /** Parts whose end dates are past or within 24 months, earliest first. */
  ending: readonly EndingPart[];
  /** Count of `ending` per horizon. */
  endingByHorizon: Readonly<Record<EndHorizon, number>>;
  /**
   * Parts ending by quarter: first the parts whose date has already passed (quarter PAST_QUARTER),
   * then each quarter from the current one with parts ending in it.
   */
  timeline: readonly { quarter: string; parts: number; quantity: number }[];
  compliance: readonly ComplianceCoverage[];
  /** AEC-Q200 is called out: the user asked, or most found parts are automotive grade. */
  automotive: boolean;
  atRisk: readonly AtRiskPart[];
  /** Rows whose part number was looked up and not found (or is invalid), each named. */
  notFound: readonly { sheetRow: number; partNumber: string }[];
  /**
   * Fitted lines that were not looked up but are placed: other makers' parts and lines without a
   * part number (a generic `100n 0402 X7R 16V`, a description), each with what it says and its
   * quantity, so every placed part is named somewhere.
   */
  notLookedUp: readonly NotLookedUpLine[];
  /** Rows whose values changed since the last check, with what changed. */
  changed: readonly { sheetRow: number; partNumber: string; changes: string }[];
  /** Builds the last-time-buy quantities are for. */
  builds?: number;
  /** The day the figures were computed for (`YYYY-MM-DD`). */
  asOf: string;
  /** When the data was fetched, when the shell knows it (ISO date-time). */
  fetchedAt?: string;
  /** The answers came from the emulator's synthetic data, not the maker's service. */
  synthetic: boolean;
  /** The BOM summarised: its file (when the shell knows it) and sheet. */
  source?: SummarySource;
  /** The lines judged by the team's rules (core/rules/judge.ts `withChecks`). */
  checks?: BomChecks;
}

/** Which BOM a summary is of. */
export interface SummarySource {
  /** The file's name (`demo-bom.xlsx`), when the shell knows it. */
  file?: string;
  sheet: string;
}

/** What a summary is computed with. */
export interface SummaryOptions {
  today: Date;
  /** Builds to compute last-time-buy quantities for. */
  builds?: number;
  /** Call out AEC-Q200: true or false, or decided from the parts found (`auto`). @default 'auto' */
  automotive?: boolean | 'auto';
  fetchedAt?: string;
  source?: SummarySource;
  /** Language of the risk reasons and of what differs in a candidate. @default 'en' */
  lang?: Lang;
}

/** The product records of a row's outcome, empty when nothing was found. */
export function productsOf(row: SummaryRow): readonly ProductRecord[] {
  const status = row.outcome?.status;
  return status === 'exact' || status === 'variant' || status === 'ambiguous' ? (row.outcome?.products ?? []) : [];
}
