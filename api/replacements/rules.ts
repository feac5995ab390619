import { readValue, type FieldValue, type ProductRecord } from '../product';
import { parseQuantity } from '../units';
import { readStatus } from '../status';
import {
  categoryOfGroup,
  getField,
  getFilterField,
  isFilterFieldUsable,
  type FieldDef,
  type FilterFieldDef,
  type Group,
} from '../vocabulary';

/**
 * What makes a part a drop-in for another, per product group: the filter fields (by their filter
 * name, so one rule both builds the search and checks the answer) and how the candidate's value
 * must compare with the original's. The names are resolved against the vocabulary when this
 * module loads, so a rule can only name a field the API can filter in that category.
 */
export type RuleOp = 'eq' | 'ge' | 'le';

/** The drop-in rules as data: `ge` = at least the original's value, `le` = at most. */
export const DROP_IN_RULE_TABLE: Readonly<Record<Group, readonly { name: string; op: RuleOp }[]>> = {
  SMD: [
    { name: 'Capacitance', op: 'eq' },
    { name: 'SizecodeMm', op: 'eq' },
    { name: 'TemperatureCharacteristics', op: 'eq' },
    { name: 'RatedVoltageClass', op: 'eq' },
    { name: 'RatedVoltage', op: 'ge' },
  ],
  Lead: [
    { name: 'Capacitance', op: 'eq' },
    { name: 'LeadSpace', op: 'eq' },
    { name: 'TemperatureCharacteristics', op: 'eq' },
    { name: 'RatedVoltageClass', op: 'eq' },
    { name: 'RatedVoltage', op: 'ge' },
  ],
  Ind: [
    { name: 'Inductance', op: 'eq' },
    { name: 'SizecodeMm', op: 'eq' },
    { name: 'RatedCurrentItemp', op: 'ge' },
    { name: 'Rdc', op: 'le' },
  ],
};

/**
 * The ranking and strict-mode fields per group, by filter name: the tolerance field (tighter or
 * equal is better; strict requires equal), the maximum operating temperature where the group has
 * one (equal or higher is better), then the fields every group shares.
 */
export const RANKING_FIELD_TABLE: Readonly<Record<Group, { tolerance: string; maxTemperature?: string }>> = {
  SMD: { tolerance: 'ToleranceCapacitance', maxTemperature: 'MaxOperatingTemperature' },
  Lead: { tolerance: 'ToleranceCapacitance', maxTemperature: 'MaxOperatingTemperature' },
  Ind: { tolerance: 'InductanceTolerance' },
};

/** Shared ranking fields, by filter name: AEC-Q200 kept, smaller thickness, same package type. */
export const SHARED_RANKING_FIELDS = { aec: 'AecQ200Support', thickness: 'Thickness', packageType: 'PackageType' } as const;

/** A rule resolved against the vocabulary: its filter field and the response field it reads. */
export interface DropInRule {
  filter: FilterFieldDef;
  field: FieldDef;
  op: RuleOp;
}

/** The filter field and its response field, or a thrown Error naming the rule that does not fit. */
function resolveRuleField(name: string, group: Group): { filter: FilterFieldDef; field: FieldDef } {
  const filter = getFilterField(name);
  const field = filter ? getField(filter.responseKey) : undefined;
  if (!filter || !field || !isFilterFieldUsable(filter, categoryOfGroup(group)) || !field.groups.includes(group)) {
    throw new Error(`Replacement rule field ${name} is not a filterable field of group ${group} in the vocabulary`);
  }
  return { filter, field };
}

/** The drop-in rules of each group, resolved once. */
export const DROP_IN_RULES: Readonly<Record<Group, readonly DropInRule[]>> = {
  SMD: DROP_IN_RULE_TABLE.SMD.map((r) => ({ ...resolveRuleField(r.name, 'SMD'), op: r.op })),
  Lead: DROP_IN_RULE_TABLE.Lead.map((r) => ({ ...resolveRuleField(r.name, 'Lead'), op: r.op })),
  Ind: DROP_IN_RULE_TABLE.Ind.map((r) => ({ ...resolveRuleField(r.name, 'Ind'), op: r.op })),
};

/** The ranking fields of a group, resolved. */
export interface RankingFields {
  tolerance: FieldDef;
  maxTemperature?: FieldDef;
  aec: FieldDef;
  thickness: FieldDef;
  packageType: FieldDef;
}

function resolveRanking(group: Group): RankingFields {
  const own = RANKING_FIELD_TABLE[group];
  return {
    tolerance: resolveRuleField(own.tolerance, group).field,
    maxTemperature: own.maxTemperature ? resolveRuleField(own.maxTemperature, group).field : undefined,
    aec: resolveRuleField(SHARED_RANKING_FIELDS.aec, group).field,
    thickness: resolveRuleField(SHARED_RANKING_FIELDS.thickness, group).field,
    packageType: resolveRuleField(SHARED_RANKING_FIELDS.packageType, group).field,
  };
}

export const RANKING_FIELDS: Readonly<Record<Group, RankingFields>> = {
  SMD: resolveRanking('SMD'),
  Lead: resolveRanking('Lead'),
  Ind: resolveRanking('Ind'),
};

/** The status a replacement must have, in English (compared through the vocabulary in any language). */
export const REPLACEMENT_STATUS = 'In Production';

/** The language-neutral (English) Status of a product: the vocabulary's value, or Unknown (readStatus). */
export function neutralStatusOf(product: ProductRecord): string {
  return readStatus(product).status;
}

/** The rule fields the original has a value for: a rule applies only where it does. */
export function applicableRules(original: ProductRecord): DropInRule[] {
  return DROP_IN_RULES[original.group].filter((r) => readValue(original, r.field.key) !== undefined);
}

const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The width of a tolerance as a fraction of the nominal value: `±5%` → 0.05, `+80%/-20%` → 0.8
 * (the wider side), `±0.25pF` of 10 pF → 0.025. Undefined when it cannot be read.
 */
export function toleranceWidth(text: FieldValue | undefined, nominal: FieldValue | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  const parts = text.replace(/[±+]/g, ' ').replace(/-/g, ' ').split(/[/\s]+/).filter((p) => p !== '');
  const widths = parts.map((part) => {
    if (part.endsWith('%')) {
      const n = Number(part.slice(0, -1));
      return Number.isFinite(n) ? n / 100 : undefined;
    }
    const quantity = parseQuantity(part);
    return quantity.ok && typeof nominal === 'number' && nominal > 0 ? quantity.value / nominal : undefined;
  });
  if (widths.length === 0 || widths.some((w) => w === undefined)) return undefined;
  return (widths as number[]).reduce((widest, w) => Math.max(widest, w));
}

/** Why a candidate fails one rule, as a short code the sentences and tests use. */
export interface RuleFailure {
  /** The filter name (`RatedVoltage`), `Status`, `group`, or a stated spec's or strict field's name. */
  field: string;
  /** `looser`: a spec the original states (tolerance, max temperature, AEC-Q200) is worse or not stated in the candidate. */
  op: RuleOp | 'status' | 'group' | 'strict' | 'looser';
}

/**
 * The specs beyond the search rules that the original states and a drop-in must meet or better:
 * a tolerance as tight (as a width of the nominal value: ±5 % is looser than ±2 %, ±0.25 pF than
 * ±0.1 pF), a maximum operating temperature as high, and AEC-Q200 when the original has it. A
 * candidate that does not state one the original states fails it: unknown is not equal.
 */
function looserSpecs(original: ProductRecord, candidate: ProductRecord): RuleFailure[] {
  const ranking = RANKING_FIELDS[original.group];
  const failures: RuleFailure[] = [];
  const nominal = readValue(original, DROP_IN_RULES[original.group][0].field.key);
  const widthO = toleranceWidth(readValue(original, ranking.tolerance.key), nominal);
  if (widthO !== undefined) {
    const widthC = toleranceWidth(readValue(candidate, ranking.tolerance.key), nominal);
    if (widthC === undefined || widthC > widthO * (1 + 1e-9)) failures.push({ field: ranking.tolerance.name, op: 'looser' });
  }
  if (ranking.maxTemperature) {
    const hotO = readValue(original, ranking.maxTemperature.key);
    const hotC = readValue(candidate, ranking.maxTemperature.key);
    if (typeof hotO === 'number' && !(typeof hotC === 'number' && hotC >= hotO)) failures.push({ field: ranking.maxTemperature.name, op: 'looser' });
  }
  if (readValue(original, ranking.aec.key) === true && readValue(candidate, ranking.aec.key) !== true) failures.push({ field: ranking.aec.name, op: 'looser' });
  return failures;
}

/** Whether `value` passes a rule against the original's `reference`. */
export function passesRule(op: RuleOp, value: FieldValue | undefined, reference: FieldValue | undefined): boolean {
  if (reference === undefined) return true;
  if (value === undefined) return false;
  if (op === 'eq') return sameValue(value, reference);
  if (typeof value !== 'number' || typeof reference !== 'number') return false;
  return op === 'ge' ? value >= reference : value <= reference;
}

/**
 * Every rule a candidate breaks as a replacement of `original` (empty = a drop-in): the one check
 * behind every "drop-in" PartSpec says (the replacements, the Replacement cell, the summary in
 * every view and language). In Production, the same group (category), the group's drop-in rules
 * where the original has a value (size, characteristic, value, voltage…), every other spec the
 * original states met or bettered (tolerance, max temperature, AEC-Q200), and with `strict` the
 * same tolerance and package type.
 */
export function checkDropIn(original: ProductRecord, candidate: ProductRecord, strict = false): RuleFailure[] {
  const failures: RuleFailure[] = [];
  if (candidate.group !== original.group) return [{ field: 'group', op: 'group' }];
  if (neutralStatusOf(candidate) !== REPLACEMENT_STATUS) failures.push({ field: 'Status', op: 'status' });
  for (const rule of applicableRules(original)) {
    if (!passesRule(rule.op, readValue(candidate, rule.field.key), readValue(original, rule.field.key))) {
      failures.push({ field: rule.filter.name, op: rule.op });
    }
  }
  failures.push(...looserSpecs(original, candidate));
  if (strict) {
    const ranking = RANKING_FIELDS[original.group];
    for (const field of [ranking.tolerance, ranking.packageType]) {
      if (!sameValue(readValue(candidate, field.key), readValue(original, field.key))) failures.push({ field: field.name, op: 'strict' });
    }
  }
  return failures;
}
