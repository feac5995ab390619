import type { ProductRecord } from '../../../api/product';
import { DEFAULT_RULES } from '../../../core/rules/default-rules';
import { bomChecksOf, checksCell, describeFailingChecks, judgeLine, judgeRows, withChecks } from '../../../core/rules/judge';
import { readRules } from '../../../core/rules/read-rules';
import type { BomRules, Rule, RuleLevel } from '../../../core/rules/types';
import { summarizeBom } from '../../../core/report/summary';
import type { SummaryRow } from '../../../core/report/types';

const TODAY = new Date(2026, 10, 29);

function product(partno: string, values: Record<string, unknown>): ProductRecord {
  return { group: 'SMD', partno, values: { Partno: partno, ...values } as ProductRecord['values'] };
}

function part(sheetRow: number, p: ProductRecord | undefined, extra: Partial<SummaryRow> = {}): SummaryRow {
  const partNumber = p?.partno ?? 'GRM0000TYPO';
  return { sheetRow, partNumber, kind: 'part', designators: ['C1'], outcome: { status: p ? 'exact' : 'notFound', products: p ? [p] : [] }, ...extra };
}

const COMPLIANT = { 'ComplianceInfo.Rohs': true, 'ComplianceInfo.Reach': true, 'ComplianceInfo.LeadFree': true, 'ComplianceInfo.AecQ200Support': true };
const good = product('GCM155R71H104KE02D', { Status: 'In Production', MinOrderQuantity: 10, ...COMPLIANT });
const nrnd = product('GRM155R61A105KE15D', { Status: 'NRND', ...COMPLIANT });
const gone = product('GRM21BR71C475KA73L', { Status: 'Discontinued', ...COMPLIANT });
const odd = product('GRM188R71H104KA93X', { Status: 'Obsolete', ...COMPLIANT });
const lastBuySoon = product('GRM033R61A104KE15D', { Status: 'In Production', LastBuyDate: '2027-05-31', ...COMPLIANT });
const lastBuyLate = product('GRM033R61A105KE15D', { Status: 'In Production', LastBuyDate: '2028-12-31', ...COMPLIANT });
const noReach = product('GRM188R71C105KA12D', { Status: 'In Production', 'ComplianceInfo.Rohs': true, 'ComplianceInfo.Reach': false });
const unknownRohs = product('GRM188R71C225KE11D', { Status: 'In Production', 'ComplianceInfo.Reach': true });
const notAuto = product('GRM188R71H103KA01D', { Status: 'In Production', ...COMPLIANT, 'ComplianceInfo.AecQ200Support': false });
const reel = product('GRM188R71H472KA01D', { Status: 'In Production', MinOrderQuantity: 10_000, ...COMPLIANT });

const rulesOf = (level: RuleLevel, when: Rule['when'], waivers: BomRules['waivers'] = []): BomRules => ({ name: 'table', rules: [{ id: 'r', level, when }], waivers });
const judged = (row: SummaryRow, rules: BomRules, automotive = false, builds?: number) => judgeLine(row, rules, { today: TODAY, automotive, builds });

describe('each condition fires on the lines it names, and only those', () => {
  const other: SummaryRow = { sheetRow: 9, partNumber: 'RC0402FR-0710KL', kind: 'otherMaker', designators: ['R1'] };
  const generic: SummaryRow = { sheetRow: 10, partNumber: '', kind: 'blank', designators: ['C9'], text: '100n 0402 X7R' };
  test.each<[string, Rule['when'], SummaryRow, string | undefined, { automotive?: boolean; builds?: number }?]>([
    ['status NRND', { status: ['NRND'] }, part(2, nrnd), 'Status is NRND'],
    ['status NRND, part in production', { status: ['NRND'] }, part(2, good), undefined],
    ['status Unknown for a word outside the vocabulary', { status: ['Unknown'] }, part(2, odd), 'Status is Unknown'],
    ['status: a part not found has none', { status: ['Unknown'] }, part(2, undefined), undefined],
    ['risk EOL', { risk: ['EOL'] }, part(3, gone), 'EOL: Status is Discontinued'],
    ['risk EOL, an NRND part', { risk: ['EOL'] }, part(3, nrnd), undefined],
    ['last buy within 12 months', { lastBuyWithinMonths: 12 }, part(4, lastBuySoon), 'The last buy is 2027-05-31, within 12 months'],
    ['last buy past 12 months', { lastBuyWithinMonths: 12 }, part(4, lastBuyLate), undefined],
    ['last buy within 36 months', { lastBuyWithinMonths: 36 }, part(4, lastBuyLate), 'The last buy is 2028-12-31, within 36 months'],
    ['not found', { notFound: true }, part(5, undefined), 'Not found'],
    ['not found, a found part', { notFound: true }, part(5, good), undefined],
    ['another maker, no suggestion asked', { otherMakerWithoutSuggestion: true }, other, "Another maker's part; no suggestion was asked for"],
    ['another maker, none found', { otherMakerWithoutSuggestion: true }, { ...other, suggested: false }, "Another maker's part, with no suggestion of the maker's"],
    ['another maker, suggested', { otherMakerWithoutSuggestion: true }, { ...other, suggested: true }, undefined],
    ['generic line not resolved', { genericNotResolved: true }, { ...generic, suggested: false }, "A generic line no suggestion resolved to the maker's part"],
    ['generic line resolved', { genericNotResolved: true }, { ...generic, suggested: true }, undefined],
    ['REACH not met', { notConfirmed: ['Rohs', 'Reach'] }, part(6, noReach), 'REACH not met'],
    ['RoHS not confirmed', { notConfirmed: ['Rohs', 'Reach'] }, part(6, unknownRohs), 'RoHS not confirmed'],
    ['compliance confirmed', { notConfirmed: ['Rohs', 'Reach', 'LeadFree'] }, part(6, good), undefined],
    ['AEC-Q200 missing in an automotive BOM', { aecQ200Missing: true }, part(7, notAuto), 'Not AEC-Q200 in an automotive BOM', { automotive: true }],
    ['AEC-Q200 missing, BOM not automotive', { aecQ200Missing: true }, part(7, notAuto), undefined, { automotive: false }],
    ['do-not-use, with a wildcard', { doNotUse: ['grm155r61a105*'] }, part(8, nrnd), 'On the do-not-use list'],
    ['do-not-use, another part', { doNotUse: ['GRM155R61A105*'] }, part(8, good), undefined],
    ['do-not-use, another maker\'s part', { doNotUse: ['RC0402*'] }, other, 'On the do-not-use list'],
    ['do-not-use, a star inside', { doNotUse: ['GRM*R61A*E15D'] }, part(8, nrnd), 'On the do-not-use list'],
    ['do-not-use, a star inside that does not fit', { doNotUse: ['GRM*R61A*E16D', 'GRM155R61A105KE15'] }, part(8, nrnd), undefined],
    ['not preferred', { notPreferred: ['GCM*'] }, part(8, nrnd), 'Not on the preferred-parts list'],
    ['preferred', { notPreferred: ['GCM*'] }, part(8, good), undefined],
    ['minimum order far above need', { minOrderAboveNeed: 100 }, part(9, reel), 'The minimum order of 10,000 is over 100 times the 1 needed'],
    ['minimum order far above need, 200 builds', { minOrderAboveNeed: 100 }, part(9, reel), undefined, { builds: 200 }],
    ['minimum order near need', { minOrderAboveNeed: 100 }, part(9, good), undefined],
  ])('%s', (_, when, row, sentence, context = {}) => {
    const line = judged(row, rulesOf('error', when), context.automotive, context.builds);
    expect(line?.checks.map((c) => c.sentence)).toEqual(sentence === undefined ? [] : [sentence]);
    expect(line?.level).toBe(sentence === undefined ? 'ok' : 'error');
  });

  test('not fitted, total and empty rows are not judged', () => {
    const rules = rulesOf('fatal', { doNotUse: ['*'] });
    expect(judged({ sheetRow: 2, partNumber: 'GRM1', kind: 'dnp', designators: [] }, rules)).toBeUndefined();
    expect(judged({ sheetRow: 3, partNumber: 'Total', kind: 'total', designators: [] }, rules)).toBeUndefined();
    expect(judged({ sheetRow: 4, partNumber: '', kind: 'blank', designators: [] }, rules)).toBeUndefined();
    expect(checksCell(undefined)).toBe('');
  });
});

describe('levels', () => {
  test.each<[RuleLevel, string]>([
    ['fatal', 'Fatal — r: Status is NRND'],
    ['error', 'Error — r: Status is NRND'],
    ['warning', 'Warning — r: Status is NRND'],
  ])('a %s rule fires at its level', (level, cell) => {
    const line = judged(part(2, nrnd), rulesOf(level, { status: ['NRND'] }));
    expect(line?.level).toBe(level);
    expect(checksCell(line)).toBe(cell);
  });

  test('an off rule never fires, whatever its condition', () => {
    const rules: BomRules = { name: 'off', rules: [{ id: 'all', level: 'off', when: { doNotUse: ['*'] } }, { id: 'eol', level: 'off', when: { risk: ['EOL'] } }], waivers: [] };
    for (const row of [part(2, gone), part(3, undefined), part(4, good)]) {
      expect(judged(row, rules)?.checks).toEqual([]);
      expect(checksCell(judged(row, rules))).toBe('OK');
    }
  });

  test("the worst level leads; the others name theirs", () => {
    const rules: BomRules = {
      name: 'two',
      rules: [
        { id: 'soon', level: 'warning', when: { lastBuyWithinMonths: 12 } },
        { id: 'banned', level: 'fatal', when: { doNotUse: ['GRM033*'] } },
      ],
      waivers: [],
    };
    expect(checksCell(judged(part(4, lastBuySoon), rules))).toBe('Fatal — soon (warning): The last buy is 2027-05-31, within 12 months; banned: On the do-not-use list');
  });

  test('--fail-on levels: a line fails at its level and below, never above', () => {
    const rows = [part(2, nrnd), part(3, gone), part(4, good)];
    const rules: BomRules = { name: 'levels', rules: [{ id: 'nrnd', level: 'warning', when: { status: ['NRND'] } }, { id: 'eol', level: 'error', when: { risk: ['EOL'] } }], waivers: [] };
    const checks = bomChecksOf(judgeRows(rows, rules, { today: TODAY, automotive: false }), rules);
    expect(checks.level).toBe('error');
    expect(checks.counts).toEqual({ fatal: 0, error: 1, warning: 1, waived: 0 });
    expect(describeFailingChecks(checks, 'fatal')).toEqual([]);
    expect(describeFailingChecks(checks, 'error')).toEqual(["Row 3: 'GRM21BR71C475KA73L' error: eol: EOL: Status is Discontinued"]);
    expect(describeFailingChecks(checks, 'warning')).toEqual(["Row 2: 'GRM155R61A105KE15D' warning: nrnd: Status is NRND", "Row 3: 'GRM21BR71C475KA73L' error: eol: EOL: Status is Discontinued"]);
  });
});

describe('waivers', () => {
  const waiver = { rule: 'r', reason: 'qualified stock until the redesign', by: 'A. Engineer' };
  test.each([
    ['a part, until tomorrow', { ...waiver, part: 'GRM155R61A105KE15D', until: '2026-11-30' }],
    ['a part, until today (the day is included)', { ...waiver, part: 'grm155r61a105ke15d', until: '2026-11-29' }],
    ['a row, until next year', { ...waiver, row: 2, until: '2027-11-29' }],
    ['a row of this sheet', { ...waiver, row: 2, sheet: 'BOM', until: '2027-11-29' }],
  ])('%s: the check is listed as waived and counts for nothing', (_, w) => {
    const line = judgeLine(part(2, nrnd), rulesOf('fatal', { status: ['NRND'] }, [w]), { today: TODAY, automotive: false, sheet: 'BOM' });
    expect(line?.level).toBe('ok');
    expect(line?.checks[0].waived).toEqual({ reason: waiver.reason, by: waiver.by, until: w.until });
    expect(checksCell(line)).toBe(`OK — r (waived): Status is NRND (waived by A. Engineer until ${w.until}: qualified stock until the redesign)`);
  });

  test('an expired waiver no longer applies, and the check says so', () => {
    const line = judged(part(2, nrnd), rulesOf('fatal', { status: ['NRND'] }, [{ ...waiver, part: 'GRM155R61A105KE15D', until: '2026-11-28' }]));
    expect(line?.level).toBe('fatal');
    expect(line?.checks[0].waived).toBeUndefined();
    expect(checksCell(line)).toBe('Fatal — r: Status is NRND (the waiver by A. Engineer expired on 2026-11-28)');
  });

  test('a waiver of another row, sheet or rule does not apply', () => {
    for (const w of [{ ...waiver, row: 3, until: '2027-01-01' }, { ...waiver, row: 2, sheet: 'Other', until: '2027-01-01' }, { ...waiver, rule: 'x', part: 'GRM155R61A105KE15D', until: '2027-01-01' }]) {
      expect(judgeLine(part(2, nrnd), rulesOf('error', { status: ['NRND'] }, [w]), { today: TODAY, automotive: false, sheet: 'BOM' })?.level).toBe('error');
    }
  });
});

describe('the shipped rules', () => {
  test('they read as a rules file, and judge a BOM through its summary', () => {
    expect(readRules({ extends: 'partspec:default' }).rules).toEqual(DEFAULT_RULES.rules);
    const rows = [part(2, nrnd), part(3, gone), part(4, good), part(5, undefined), { sheetRow: 6, partNumber: 'RC0402FR-0710KL', kind: 'otherMaker', designators: [] } as SummaryRow];
    const summary = withChecks(summarizeBom(rows, { today: TODAY }), rows, DEFAULT_RULES, TODAY);
    expect(summary.checks?.rules).toBe('partspec:default');
    expect(summary.checks?.lines.map((l) => [l.sheetRow, l.level, l.checks.map((c) => c.rule)])).toEqual([
      [2, 'warning', ['nrnd']],
      [3, 'error', ['eol']],
      [5, 'error', ['not-found']],
    ]);
    expect(summarizeBom(rows, { today: TODAY }).checks).toBeUndefined();
    // The AEC-Q200 rule follows the summary's own decision: a BOM called automotive judges its parts by it.
    const automotive = withChecks(summarizeBom(rows, { today: TODAY, automotive: true }), [part(8, product('GRM188R71H103KA01D', { Status: 'In Production', ...COMPLIANT, 'ComplianceInfo.AecQ200Support': false }))], DEFAULT_RULES, TODAY);
    expect(automotive.checks?.lines.map((l) => l.checks.map((c) => c.sentence))).toEqual([['Not AEC-Q200 in an automotive BOM']]);
  });

  test('a team file extends them: its rule of the same id takes the shipped one\'s place', () => {
    const rules = readRules({ extends: 'partspec:default', rules: [{ id: 'nrnd', level: 'off', when: { status: ['NRND'] } }, { id: 'banned', level: 'fatal', when: { doNotUse: ['GRM21*'] } }] });
    expect(rules.rules.find((r) => r.id === 'nrnd')?.level).toBe('off');
    expect(rules.rules.map((r) => r.id).slice(-1)).toEqual(['banned']);
    expect(judged(part(3, gone), rules)?.checks.map((c) => c.rule)).toEqual(['eol', 'banned']);
  });
});
