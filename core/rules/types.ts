/*
 * The team's BOM rules: what a rules file holds once read (core/rules/read-rules.ts checks it),
 * and what judging a BOM line by them gives. The words of the file (`fatal`, `lastBuyWithinMonths`,
 * `Rohs`) are the ones docs/bom-rules.schema.json lists; the tables here are the one source of them.
 */

/** How bad a check is, worst first; `off` turns a rule off. */
export const RULE_LEVELS = ['fatal', 'error', 'warning', 'off'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];
/** The levels a check can fire with. */
export type CheckLevel = Exclude<RuleLevel, 'off'>;
/** A judged line's worst level, or `ok` when no check fired. */
export type LineLevel = CheckLevel | 'ok';

/** The maker's Status values a `status` condition names (as the API's vocabulary has them), and Unknown for one outside it. */
export const RULE_STATUSES = ['In Production', 'Under Development', 'NRND', 'To be discontinued', 'Discontinued', 'Unknown'] as const;
/** PartSpec's lifecycle levels a `risk` condition names (core/cells/risk.ts). */
export const RULE_RISKS = ['EOL', 'Risk', 'Watch', 'Unknown'] as const;
/** The compliance flags a `notConfirmed` condition names. */
export const RULE_COMPLIANCE_FLAGS = ['Rohs', 'Reach', 'LeadFree'] as const;

/**
 * What a rule looks at: exactly one key of a rule's `when`. Each names a fact PartSpec knows of a
 * line after its lookup; a condition that does not apply to a line (a status for a line not
 * looked up) does not fire.
 */
export type RuleCondition =
  /** The maker's Status of the line's part is one of these. */
  | { status: readonly (typeof RULE_STATUSES)[number][] }
  /** PartSpec's Risk of the line (as the Risk column says it) is one of these. */
  | { risk: readonly (typeof RULE_RISKS)[number][] }
  /** The part's last buy (or production end, the earlier) is past or within this many months. */
  | { lastBuyWithinMonths: number }
  /** The maker's part number was looked up and not found (or is invalid). */
  | { notFound: true }
  /** Another maker's part with no suggestion of the maker's part for it (asked with suggestions, or not asked). */
  | { otherMakerWithoutSuggestion: true }
  /** A line with no part number (a value, a description) that no suggestion resolved to the maker's part. */
  | { genericNotResolved: true }
  /** The maker does not confirm these flags for the part (No, or no value given). */
  | { notConfirmed: readonly (typeof RULE_COMPLIANCE_FLAGS)[number][] }
  /** The BOM is automotive (the report's `--automotive`, or most of its parts are) and the part is not AEC-Q200. */
  | { aecQ200Missing: true }
  /** The line's part number is on this list (`*` stands for any characters; case does not count). */
  | { doNotUse: readonly string[] }
  /** The line has a part number and it is not on this list (the preferred parts). */
  | { notPreferred: readonly string[] }
  /** The part's minimum order is more than this many times what the line needs (per board × builds, one build without builds). */
  | { minOrderAboveNeed: number };

export interface Rule {
  /** Names the rule in the file, in every sentence it says and in waivers. */
  id: string;
  level: RuleLevel;
  when: RuleCondition;
  /** What the rule is for, in the team's words (shown in the docs of the file only). */
  description?: string;
}

/**
 * A rule that does not apply to one part (every line of it) or one BOM row, said by whom, why and
 * until which day (that day included). An expired waiver no longer applies, and the check says so.
 */
export interface Waiver {
  rule: string;
  /** The part number (case does not count, `*` as in a list). */
  part?: string;
  /** The 1-based sheet row, as the sheet's row headings number it. */
  row?: number;
  /** The sheet a row waiver is for, when the file serves several BOMs (default: any). */
  sheet?: string;
  reason: string;
  by: string;
  /** `YYYY-MM-DD`: the last day the waiver applies. */
  until: string;
}

/** A rules file once read and checked. */
export interface BomRules {
  /** The rule set's name, as the views say which rules judged the BOM. */
  name: string;
  rules: readonly Rule[];
  waivers: readonly Waiver[];
}

/** One check that fired on a line. */
export interface Check {
  rule: string;
  level: CheckLevel;
  /** One sentence: what was found (`Status is NRND`), and a waiver's word when one was given. */
  sentence: string;
  /** The waiver that applies: the check is listed but counts for nothing. */
  waived?: Pick<Waiver, 'reason' | 'by' | 'until'>;
}

/** The checks of one judged line. */
export interface LineChecks {
  /** 1-based sheet row. */
  sheetRow: number;
  /** The part number as the BOM writes it, or what a line without one says. */
  partNumber: string;
  /** The worst level of the checks not waived. */
  level: LineLevel;
  checks: readonly Check[];
}

/** The checks of a whole BOM, as every view shows them. */
export interface BomChecks {
  /** The rule set's name. */
  rules: string;
  /** The worst level over every line. */
  level: LineLevel;
  /** Lines per worst level, and checks waived. */
  counts: Readonly<Record<CheckLevel | 'waived', number>>;
  /** The lines with at least one check (fired or waived), in sheet order. */
  lines: readonly LineChecks[];
}
