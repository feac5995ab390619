import type { RiskLevel } from '../cells/risk';
import type { BomChecks, Check, LineLevel } from '../rules/types';
import type { Instead, SummaryRow } from '../report/types';

/** One BOM of a portfolio: a sheet of a file, its rows as the summary sees them, and its builds in the plan. */
export interface PortfolioBom {
  /** The file's name as the user gave it (a path relative to where the command ran, or the name). */
  file: string;
  sheet: string;
  rows: readonly SummaryRow[];
  /** Boards built from this BOM in the plan (1 without a plan). */
  builds: number;
}

/** How a portfolio line is keyed: the maker's part, another maker's number, or a line with no part number. */
export type PortfolioKind = 'part' | 'otherMaker' | 'generic';

/** One BOM row that uses a part. */
export interface PortfolioUse {
  file: string;
  sheet: string;
  /** 1-based sheet row, as the sheet's row headings number it. */
  sheetRow: number;
  /** The part number (or line) as that row writes it. */
  written: string;
  designators: readonly string[];
  /** Placed per board on this row. */
  quantity: number;
}

/** What one BOM needs of a part: its rows summed, times its builds. */
export interface PortfolioBomDemand {
  file: string;
  sheet: string;
  quantityPerBoard: number;
  builds: number;
  /** quantityPerBoard × builds. */
  demand: number;
}

/** The maker's suggestion for another maker's number or a generic line (as `enrich --suggest` finds it). */
export interface PortfolioSuggestion {
  partno: string;
  why: string;
}

/** One part (or generic line) across every BOM of the portfolio. */
export interface PortfolioPart {
  /** The part number as first written (the line's text for a generic line). */
  partNumber: string;
  kind: PortfolioKind;
  /** The maker's part was found by the lookup. */
  found: boolean;
  /** The lifecycle status in English (the API's word), when found. */
  status?: string;
  /** The earlier of LastBuyDate and ProductionEndDate, `YYYY-MM-DD`, and which it is. */
  lastBuy?: string;
  lastBuyField?: 'LastBuyDate' | 'ProductionEndDate';
  /** The smallest MinOrderQuantity of the part's products (one reel). */
  minOrderQuantity?: number;
  risk?: RiskLevel;
  reason?: string;
  /** Every BOM row using it, in the order of the BOMs. */
  uses: readonly PortfolioUse[];
  /** Per BOM: quantity per board, builds and demand. */
  boms: readonly PortfolioBomDemand[];
  /** Σ over the BOMs of quantity per board × builds. */
  demand: number;
  /**
   * What to buy before the last buy for the whole plan: the total demand rounded up to whole
   * minimum orders once (not per BOM); only for a part at Risk or EOL whose date has not passed.
   */
  lastTimeBuy?: number;
  /** The last-buy date has passed: the part must be replaced, not bought. */
  tooLate?: boolean;
  /** Candidates to use instead, as `partspec report` lists them for a part at Risk or EOL. */
  instead: readonly Instead[];
  suggestion?: PortfolioSuggestion;
  /** What the team's rules say of it over all its rows: the worst level and each check, where it fired. */
  checks?: PortfolioChecks;
}

/** The checks of one portfolio line: the worst level not waived, and each check with the BOM row it fired on. */
export interface PortfolioChecks {
  level: LineLevel;
  said: readonly (Check & { file: string; sheet: string; sheetRow: number })[];
}

/** A BOM that was read, with its counts. */
export interface PortfolioBomInfo {
  file: string;
  sheet: string;
  builds: number;
  /** Rows below the header (every kind). */
  rows: number;
  /** Distinct portfolio lines it uses. */
  parts: number;
}

/** The buckets of the parts by risk: the risk levels, then the lines that have none. */
export const RISK_BUCKETS = ['EOL', 'Risk', 'Watch', 'Unknown', 'OK', 'Not found', 'Other maker', 'Generic'] as const satisfies readonly (RiskLevel | string)[];
export type RiskBucket = (typeof RISK_BUCKETS)[number];

/** Parts in use across BOMs: the one view every shell renders (terminal, JSON, HTML, workbook, tools). */
export interface Portfolio {
  boms: readonly PortfolioBomInfo[];
  /** Most urgent first: EOL, Risk, Watch, Unknown, OK, then not found, other makers' and generic lines. */
  parts: readonly PortfolioPart[];
  /** Parts by risk level, and the lines that have none. */
  byRisk: Readonly<Record<RiskBucket, number>>;
  /** Distinct part numbers looked up (the union over every BOM). */
  lookedUp: number;
  /** The day the figures were computed for (`YYYY-MM-DD`). */
  asOf: string;
  fetchedAt?: string;
  /** The answers came from the emulator's synthetic data. */
  synthetic: boolean;
  /** The team's rules over every line: one entry per portfolio line with a check (its first row), counted per line. */
  checks: BomChecks;
}
