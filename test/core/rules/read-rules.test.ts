import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RULES } from '../../../core/rules/default-rules';
import { CONDITION_NAMES, parseRulesText, readRules } from '../../../core/rules/read-rules';
import { isRulesError } from '../../../core/rules/rules-error';
import { RULE_COMPLIANCE_FLAGS, RULE_LEVELS, RULE_RISKS, RULE_STATUSES } from '../../../core/rules/types';

const rule = { id: 'nrnd', level: 'error', when: { status: ['NRND'] } };
const waiver = { rule: 'nrnd', part: 'GRM155R61A105KE15D', reason: 'stock', by: 'A. Engineer', until: '2027-06-30' };

/** The sentence a rules file is refused with. */
function refusal(file: unknown): string {
  try {
    readRules(file);
  } catch (error) {
    expect(isRulesError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('a wrong field or value is refused with a sentence naming it', () => {
  test.each<[string, unknown, string]>([
    ['not an object', [], 'A rules file is a JSON object with rules and waivers.'],
    ['an unknown top field', { rules: [rule], rulez: [] }, "rulez: unknown field; a rules file has '$schema', 'name', 'extends', 'rules' or 'waivers'."],
    ['no rules', {}, 'rules: a list of rules is needed (or "extends": "partspec:default").'],
    ['another rule set', { extends: 'team:strict' }, "extends: 'team:strict' is not a rule set; only 'partspec:default' is."],
    ['a level', { rules: [{ ...rule, level: 'critical' }] }, "rules[0].level: 'critical' is not a level: 'fatal', 'error', 'warning' or 'off'."],
    ['no id', { rules: [{ level: 'error', when: { notFound: true } }] }, 'rules[0].id: an id is needed, as text (undefined is not).'],
    ['an id twice', { rules: [rule, rule] }, "rules[1].id: 'nrnd' is the id of an earlier rule too; each rule needs its own."],
    ['an unknown rule field', { rules: [{ ...rule, severity: 'high' }] }, "rules[0].severity: unknown field; rules[0] has 'id', 'level', 'when' or 'description'."],
    ['an unknown condition', { rules: [{ ...rule, when: { lifecycle: ['NRND'] } }] }, `rules[0].when.lifecycle: not a condition; a rule's 'when' has one of ${CONDITION_NAMES.map((c) => `'${c}'`).join(', ').replace(/, ([^,]*)$/, ' or $1')}.`],
    ['two conditions', { rules: [{ ...rule, when: { notFound: true, status: ['NRND'] } }] }, "rules[0].when: one condition per rule, not 'notFound' or 'status'."],
    ['a status', { rules: [{ ...rule, when: { status: ['NRND', 'EOL'] } }] }, "rules[0].when.status[1]: 'EOL' is not a status: 'In Production', 'Under Development', 'NRND', 'To be discontinued', 'Discontinued' or 'Unknown'."],
    ['a risk level', { rules: [{ ...rule, when: { risk: ['NRND'] } }] }, "rules[0].when.risk[0]: 'NRND' is not a risk level: 'EOL', 'Risk', 'Watch' or 'Unknown'."],
    ['months', { rules: [{ ...rule, when: { lastBuyWithinMonths: 1.5 } }] }, 'rules[0].when.lastBuyWithinMonths: 1.5 is not a whole number from 0 to 600.'],
    ['a flag', { rules: [{ ...rule, when: { notConfirmed: ['RoHS'] } }] }, "rules[0].when.notConfirmed[0]: 'RoHS' is not a flag: 'Rohs', 'Reach' or 'LeadFree'."],
    ['false for a condition', { rules: [{ ...rule, when: { notFound: false } }] }, "rules[0].when.notFound: only true turns this condition on (false); set the rule's level to 'off' to turn it off."],
    ['a list that is not one', { rules: [{ ...rule, when: { doNotUse: 'GRM1' } }] }, 'rules[0].when.doNotUse: a list of part numbers is needed (it may be empty).'],
    ['a factor', { rules: [{ ...rule, when: { minOrderAboveNeed: 0 } }] }, 'rules[0].when.minOrderAboveNeed: 0 is not a number from 1 to 1000000.'],
    ['a waiver of no rule', { rules: [rule], waivers: [{ ...waiver, rule: 'eol' }] }, "waivers[0].rule: no rule has the id 'eol'."],
    ['a waiver for nothing', { rules: [rule], waivers: [{ rule: 'nrnd', reason: 'r', by: 'b', until: '2027-01-01' }] }, 'waivers[0]: a waiver is for a part or for a row: give one of them.'],
    ['a waiver without who', { rules: [rule], waivers: [{ ...waiver, by: ' ' }] }, 'waivers[0].by: who gave the waiver is needed, as text (\' \' is not).'],
    ['a waiver until a day that is none', { rules: [rule], waivers: [{ ...waiver, until: '2027-02-30' }] }, "waivers[0].until: '2027-02-30' is not a day written YYYY-MM-DD."],
    ['a waiver until a date written otherwise', { rules: [rule], waivers: [{ ...waiver, until: '30/06/2027' }] }, "waivers[0].until: '30/06/2027' is not a day written YYYY-MM-DD."],
    ['a sheet without a row', { rules: [rule], waivers: [{ ...waiver, sheet: 'BOM' }] }, 'waivers[0].sheet: a sheet is named only with a row.'],
  ])('%s', (_, file, sentence) => {
    expect(refusal(file)).toBe(sentence);
  });

  test('text that is not JSON', () => {
    expect(() => parseRulesText('{ "rules": [ }')).toThrow(/^Not JSON: Unexpected token/);
  });
});

describe('a good file', () => {
  test('reads with its waivers, a byte-order mark and its own name', () => {
    const rules = parseRulesText(`\uFEFF${JSON.stringify({ name: 'Team A', rules: [rule], waivers: [waiver, { ...waiver, part: undefined, row: 12, sheet: 'BOM' }] })}`, 'team.json');
    expect(rules).toEqual({ name: 'Team A', rules: [rule], waivers: [waiver, { rule: 'nrnd', row: 12, sheet: 'BOM', reason: 'stock', by: 'A. Engineer', until: '2027-06-30' }] });
    expect(parseRulesText(JSON.stringify({ rules: [rule] }), 'team.json').name).toBe('team.json');
  });
});

describe('docs/bom-rules.schema.json says what the reader accepts', () => {
  const schema = JSON.parse(readFileSync(join(__dirname, '../../../docs/bom-rules.schema.json'), 'utf8'));
  const conditions = schema.$defs.rule.properties.when.oneOf as { required: string[]; properties: Record<string, { items?: { enum: string[] } }> }[];

  test('the same levels, conditions, statuses, risk levels and flags', () => {
    expect(schema.$defs.level.enum).toEqual([...RULE_LEVELS]);
    expect(conditions.map((c) => c.required[0])).toEqual(CONDITION_NAMES);
    const enumOf = (name: string): string[] | undefined => conditions.find((c) => c.required[0] === name)?.properties[name].items?.enum;
    expect(enumOf('status')).toEqual([...RULE_STATUSES]);
    expect(enumOf('risk')).toEqual([...RULE_RISKS]);
    expect(enumOf('notConfirmed')).toEqual([...RULE_COMPLIANCE_FLAGS]);
    expect(Object.keys(schema.properties)).toEqual(['$schema', 'name', 'extends', 'rules', 'waivers']);
  });

  test('the shipped rules, written as a file, read back the same', () => {
    const file = { $schema: './bom-rules.schema.json', name: DEFAULT_RULES.name, rules: DEFAULT_RULES.rules };
    expect(readRules(JSON.parse(JSON.stringify(file)))).toEqual(DEFAULT_RULES);
  });
});
