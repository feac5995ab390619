import { z } from 'zod';

/*
 * The shape of each tool's structured content, declared as its `outputSchema` so a client knows
 * what comes back and can check it. Objects stay open to fields added later (`looseObject`); the
 * fields an assistant relies on are named and typed.
 */

/** A value in a product's row: text, a number in the header's unit, true/false, or empty. */
const CELL = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const ROW = z.record(z.string(), CELL);

export const LOOKUP_OUTPUT = {
  results: z.array(
    z.looseObject({
      input: z.string(),
      match: z.string().describe('Exact, Variant, Ambiguous, Not found or Invalid.'),
      status: z.string(),
      reason: z.string().nullable(),
      synthetic: z.boolean().describe("True when the answer is the emulator's decoding, never the maker's data."),
      products: z.array(ROW).describe('Each product as column header → value (numbers in the unit the header names).'),
      moreProducts: z.number().int().optional().describe('Products beyond the 100 listed.'),
    }),
  ),
};

export const SEARCH_OUTPUT = {
  category: z.string(),
  filter: z.string().describe('The conditions as the filter sent to the service.'),
  products: z.array(ROW),
  more: z.boolean(),
  next: z.object({ cursor: z.string() }).optional().describe('Send cursor with the same category and conditions to continue.'),
};

export const FIND_PARTS_OUTPUT = {
  answers: z.array(
    z.looseObject({
      input: z.string(),
      understood: z.unknown(),
      understoodText: z.string().optional(),
      candidates: z.array(z.looseObject({ Partno: z.string(), why: z.string(), Status: z.unknown(), Specs: z.record(z.string(), z.unknown()) })),
      fitting: z.number().int(),
      more: z.boolean(),
      reason: z.string().optional(),
    }),
  ),
};

export const REPLACEMENTS_OUTPUT = {
  answers: z.array(
    z.looseObject({
      input: z.string(),
      partno: z.string().nullable(),
      status: z.unknown(),
      match: z.string(),
      total: z.number().int(),
      replacements: z.array(z.looseObject({ Partno: z.string(), Status: z.unknown(), maker_alternative: z.boolean(), differs: z.unknown() })),
      message: z.string().optional(),
      near_miss: z.unknown().optional(),
    }),
  ),
};

export const CHECK_BOM_OUTPUT = {
  rows: z.number().int().describe('Rows of the BOM below the header.'),
  placed: z.number(),
  byStatus: z.record(z.string(), z.unknown()),
  ending: z.array(z.unknown()),
  endingByHorizon: z.record(z.string(), z.number()),
  timeline: z.array(z.looseObject({ quarter: z.string(), parts: z.number(), quantity: z.number() })),
  compliance: z.array(z.unknown()),
  automotive: z.boolean(),
  atRisk: z.array(z.unknown()),
  notFound: z.array(z.looseObject({ sheetRow: z.number().int().describe("The row's number on its sheet (1-based), as the sheet shows it."), partNumber: z.string() })),
  notLookedUp: z.array(
    z.looseObject({ sheetRow: z.number().int(), kind: z.enum(['otherMaker', 'noPartNumber']), text: z.string(), quantity: z.number() }).describe("A fitted line that was not looked up: another maker's part, or a line without a part number."),
  ),
  changed: z.array(z.looseObject({ sheetRow: z.number().int(), partNumber: z.string(), changes: z.string() })),
  builds: z.number().int().optional(),
  asOf: z.string(),
  fetchedAt: z.string().optional(),
  synthetic: z.boolean(),
  source: z.looseObject({ file: z.string().optional(), sheet: z.string() }).optional(),
  checks: z
    .looseObject({
      rules: z.string().describe('The rule set that judged the BOM: partspec:default, or the rules file\'s name.'),
      level: z.enum(['fatal', 'error', 'warning', 'ok']).describe('The worst level over every line (waived checks do not count).'),
      counts: z.record(z.string(), z.number()),
      lines: z.array(
        z.looseObject({
          sheetRow: z.number().int(),
          partNumber: z.string(),
          level: z.enum(['fatal', 'error', 'warning', 'ok']),
          checks: z.array(z.looseObject({ rule: z.string(), level: z.enum(['fatal', 'error', 'warning']), sentence: z.string() })),
        }),
      ),
    })
    .optional()
    .describe("Every line the team's BOM rules found something on, with its worst level and each check (rule, level, sentence; a waived one with who, why and until when)."),
};

export const DOWNLOAD_URL_OUTPUT = {
  language: z.string(),
  category: z.string(),
  url: z.string().describe("The server's signed link (or the service's own); it carries no key."),
  issuedAt: z.string(),
  expiresAt: z.string(),
};
