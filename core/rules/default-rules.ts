import type { BomRules } from './types';

/** The name `extends` gives the shipped set in a rules file. */
export const DEFAULT_RULES_NAME = 'partspec:default';

/**
 * The rules PartSpec judges a BOM by when no rules file is given (docs/bom-rules.md lists them).
 * The rules that fire on nearly every line of a BOM that has not been through `--suggest` or
 * whose builds are unknown (another maker's part, a generic line, a minimum order) ship off: a
 * team turns them on in its own file.
 */
export const DEFAULT_RULES: BomRules = {
  name: DEFAULT_RULES_NAME,
  rules: [
    { id: 'do-not-use', level: 'fatal', when: { doNotUse: [] }, description: "Parts the team must not use (fill the list in the team's file)." },
    { id: 'eol', level: 'error', when: { risk: ['EOL'] }, description: 'Discontinued, or its last buy or production end has passed.' },
    { id: 'not-found', level: 'error', when: { notFound: true }, description: "The maker's part number was not found or is invalid." },
    { id: 'aec-q200', level: 'error', when: { aecQ200Missing: true }, description: 'An automotive BOM with a part that is not AEC-Q200.' },
    { id: 'nrnd', level: 'warning', when: { status: ['NRND', 'To be discontinued'] }, description: 'Not recommended for new designs, or about to be discontinued.' },
    { id: 'unknown-status', level: 'warning', when: { status: ['Unknown'] }, description: 'A status no one can judge.' },
    { id: 'last-buy', level: 'warning', when: { lastBuyWithinMonths: 12 }, description: 'Last buy or production end within a year.' },
    { id: 'compliance', level: 'warning', when: { notConfirmed: ['Rohs', 'Reach'] }, description: 'RoHS or REACH not confirmed by the maker.' },
    { id: 'other-maker', level: 'off', when: { otherMakerWithoutSuggestion: true }, description: "Another maker's part with no suggestion of the maker's." },
    { id: 'generic', level: 'off', when: { genericNotResolved: true }, description: "A generic line not resolved to the maker's part." },
    { id: 'preferred', level: 'off', when: { notPreferred: [] }, description: "A part not on the team's preferred list." },
    { id: 'min-order', level: 'off', when: { minOrderAboveNeed: 100 }, description: 'A minimum order over 100 times what the line needs.' },
  ],
  waivers: [],
};
