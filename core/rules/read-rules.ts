/*
 * Reads a rules file (JSON, docs/bom-rules.schema.json) into BomRules, before any request: a wrong
 * field or value is refused with a RulesError whose sentence names it (`rules[2].level: 'critical'
 * is not a level: fatal, error, warning or off.`). The shells only read the file's text.
 */
import { parseCalendarDate } from '../dates';
import { DEFAULT_RULES, DEFAULT_RULES_NAME } from './default-rules';
import { RulesError } from './rules-error';
import { RULE_COMPLIANCE_FLAGS, RULE_LEVELS, RULE_RISKS, RULE_STATUSES, type BomRules, type Rule, type RuleCondition, type Waiver } from './types';

/** Bounds of a rules file: a file past them is refused, not half read. */
const MAX_RULES = 500;
const MAX_WAIVERS = 10_000;
const MAX_LIST = 10_000;
const MAX_TEXT = 1_000;
const MAX_MONTHS = 600;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value) ?? String(value));
/** `a, b or c`. */
const either = (words: readonly string[]): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`);

function refuse(path: string, problem: string): never {
  throw new RulesError(path, path === '' ? `${problem[0].toUpperCase()}${problem.slice(1)}` : `${path}: ${problem}`);
}

/** Refuses a key the object may not have, naming it and the keys it may. */
function onlyKeys(value: Json, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) refuse(path === '' ? key : `${path}.${key}`, `unknown field; ${path === '' ? 'a rules file' : path} has ${either(allowed.map((k) => `'${k}'`))}.`);
  }
}

function text(value: unknown, path: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') refuse(path, `${what} is needed, as text (${shown(value)} is not).`);
  if (value.length > MAX_TEXT) refuse(path, `longer than ${MAX_TEXT} characters.`);
  return value.trim();
}

function words<T extends string>(value: unknown, path: string, allowed: readonly T[], what: string): T[] {
  if (!Array.isArray(value) || value.length === 0) refuse(path, `a list of ${what} is needed (${either(allowed.map((a) => `'${a}'`))}).`);
  return value.map((word, i) => {
    if (!(allowed as readonly unknown[]).includes(word)) refuse(`${path}[${i}]`, `${shown(word)} is not ${what === 'statuses' ? 'a status' : what === 'levels' ? 'a risk level' : 'a flag'}: ${either(allowed.map((a) => `'${a}'`))}.`);
    return word as T;
  });
}

function partList(value: unknown, path: string): string[] {
  if (!Array.isArray(value)) refuse(path, 'a list of part numbers is needed (it may be empty).');
  if (value.length > MAX_LIST) refuse(path, `more than ${MAX_LIST.toLocaleString('en-US')} part numbers.`);
  return value.map((part, i) => text(part, `${path}[${i}]`, 'a part number'));
}

function number(value: unknown, path: string, min: number, max: number, integer: boolean): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    refuse(path, `${shown(value)} is not ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}.`);
  }
  return value;
}

function yes(value: unknown, path: string): true {
  if (value !== true) refuse(path, `only true turns this condition on (${shown(value)}); set the rule's level to 'off' to turn it off.`);
  return true;
}

/** Each condition's name and how its value is read. */
const CONDITIONS: Readonly<Record<string, (value: unknown, path: string) => RuleCondition>> = {
  status: (v, p) => ({ status: words(v, p, RULE_STATUSES, 'statuses') }),
  risk: (v, p) => ({ risk: words(v, p, RULE_RISKS, 'levels') }),
  lastBuyWithinMonths: (v, p) => ({ lastBuyWithinMonths: number(v, p, 0, MAX_MONTHS, true) }),
  notFound: (v, p) => ({ notFound: yes(v, p) }),
  otherMakerWithoutSuggestion: (v, p) => ({ otherMakerWithoutSuggestion: yes(v, p) }),
  genericNotResolved: (v, p) => ({ genericNotResolved: yes(v, p) }),
  notConfirmed: (v, p) => ({ notConfirmed: words(v, p, RULE_COMPLIANCE_FLAGS, 'flags') }),
  aecQ200Missing: (v, p) => ({ aecQ200Missing: yes(v, p) }),
  doNotUse: (v, p) => ({ doNotUse: partList(v, p) }),
  notPreferred: (v, p) => ({ notPreferred: partList(v, p) }),
  minOrderAboveNeed: (v, p) => ({ minOrderAboveNeed: number(v, p, 1, 1_000_000, false) }),
};

/** The condition names a rule's `when` may hold, for the schema test and the docs. */
export const CONDITION_NAMES = Object.keys(CONDITIONS);

function readCondition(value: unknown, path: string): RuleCondition {
  if (!isObject(value)) refuse(path, `a condition is needed: an object with one of ${either(CONDITION_NAMES.map((c) => `'${c}'`))}.`);
  const keys = Object.keys(value);
  if (keys.length !== 1) refuse(path, `one condition per rule, not ${keys.length === 0 ? 'none' : either(keys.map((k) => `'${k}'`))}.`);
  const read = CONDITIONS[keys[0]];
  if (!read) refuse(`${path}.${keys[0]}`, `not a condition; a rule's 'when' has one of ${either(CONDITION_NAMES.map((c) => `'${c}'`))}.`);
  return read(value[keys[0]], `${path}.${keys[0]}`);
}

function readRule(value: unknown, path: string): Rule {
  if (!isObject(value)) refuse(path, 'a rule is an object with an id, a level and a condition (when).');
  onlyKeys(value, path, ['id', 'level', 'when', 'description']);
  const id = text(value.id, `${path}.id`, 'an id');
  if (!(RULE_LEVELS as readonly unknown[]).includes(value.level)) refuse(`${path}.level`, `${shown(value.level)} is not a level: ${either(RULE_LEVELS.map((l) => `'${l}'`))}.`);
  const when = readCondition(value.when, `${path}.when`);
  const description = value.description === undefined ? undefined : text(value.description, `${path}.description`, 'a description');
  return { id, level: value.level as Rule['level'], when, ...(description ? { description } : {}) };
}

function readWaiver(value: unknown, path: string, ids: ReadonlySet<string>): Waiver {
  if (!isObject(value)) refuse(path, 'a waiver is an object with a rule, a part or a row, a reason, who gave it (by) and until when.');
  onlyKeys(value, path, ['rule', 'part', 'row', 'sheet', 'reason', 'by', 'until']);
  const rule = text(value.rule, `${path}.rule`, 'the rule it waives');
  if (!ids.has(rule)) refuse(`${path}.rule`, `no rule has the id '${rule}'.`);
  if ((value.part === undefined) === (value.row === undefined)) refuse(path, 'a waiver is for a part or for a row: give one of them.');
  const part = value.part === undefined ? undefined : text(value.part, `${path}.part`, 'a part number');
  const row = value.row === undefined ? undefined : number(value.row, `${path}.row`, 1, 1_048_576, true);
  const sheet = value.sheet === undefined ? undefined : text(value.sheet, `${path}.sheet`, 'a sheet name');
  if (sheet !== undefined && row === undefined) refuse(`${path}.sheet`, 'a sheet is named only with a row.');
  const until = text(value.until, `${path}.until`, 'a last day (YYYY-MM-DD)');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || !parseCalendarDate(until)) refuse(`${path}.until`, `'${until}' is not a day written YYYY-MM-DD.`);
  return {
    rule,
    ...(part !== undefined ? { part } : {}),
    ...(row !== undefined ? { row } : {}),
    ...(sheet !== undefined ? { sheet } : {}),
    reason: text(value.reason, `${path}.reason`, 'a reason'),
    by: text(value.by, `${path}.by`, 'who gave the waiver'),
    until,
  };
}

/**
 * Reads a rules file's parsed JSON. With `"extends": "partspec:default"` the shipped rules come
 * first and a rule of the file with the same id takes the place of the shipped one (a level of
 * `off` turns it off); otherwise the file's rules are all there is. `name` names the set where the
 * file does not (the file's name, as the shells know it).
 */
export function readRules(value: unknown, name = 'rules file'): BomRules {
  if (!isObject(value)) refuse('', 'a rules file is a JSON object with rules and waivers.');
  onlyKeys(value, '', ['$schema', 'name', 'extends', 'rules', 'waivers']);
  if (value.extends !== undefined && value.extends !== DEFAULT_RULES_NAME) refuse('extends', `${shown(value.extends)} is not a rule set; only '${DEFAULT_RULES_NAME}' is.`);
  const base = value.extends === undefined ? [] : DEFAULT_RULES.rules;
  if (value.rules === undefined && base.length === 0) refuse('rules', `a list of rules is needed (or "extends": "${DEFAULT_RULES_NAME}").`);
  const listed = value.rules ?? [];
  if (!Array.isArray(listed)) refuse('rules', 'a list of rules is needed.');
  if (listed.length > MAX_RULES) refuse('rules', `more than ${MAX_RULES} rules.`);
  const own = listed.map((r, i) => readRule(r, `rules[${i}]`));
  own.forEach((r, i) => {
    if (own.findIndex((o) => o.id === r.id) !== i) refuse(`rules[${i}].id`, `'${r.id}' is the id of an earlier rule too; each rule needs its own.`);
  });
  const rules = [...base.map((b) => own.find((o) => o.id === b.id) ?? b), ...own.filter((o) => !base.some((b) => b.id === o.id))];
  const ids = new Set(rules.map((r) => r.id));
  const waiverList = value.waivers ?? [];
  if (!Array.isArray(waiverList)) refuse('waivers', 'a list of waivers is needed.');
  if (waiverList.length > MAX_WAIVERS) refuse('waivers', `more than ${MAX_WAIVERS.toLocaleString('en-US')} waivers.`);
  const waivers = waiverList.map((w, i) => readWaiver(w, `waivers[${i}]`, ids));
  const setName = value.name === undefined ? name : text(value.name, 'name', 'a name');
  return { name: setName, rules, waivers };
}

/** Reads a rules file's text: JSON that does not parse is refused with the parser's own words. */
export function parseRulesText(json: string, name?: string): BomRules {
  let value: unknown;
  try {
    value = JSON.parse(json.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new RulesError('', `Not JSON: ${(error as Error).message}.`);
  }
  return readRules(value, name);
}
