import { inCategory, validateFilter, where, type Condition, type Filter } from '../filter';
import { readValue, type ProductRecord } from '../product';
import { categoryOfGroup, translateValue, type Group, type Lang } from '../vocabulary';
import { DROP_IN_RULES, REPLACEMENT_STATUS, applicableRules } from './rules';

/**
 * Parameter groups: originals that agree on every equality rule (same category, capacitance,
 * size code, temperature characteristics …) share one search. The search carries the equality
 * conditions and In Production only; each original then keeps what passes its own inequality
 * rules (rated voltage at least its own …). Leaving the bounds out makes the search the same for
 * every member whatever its rating, so a BOM costs one search per distinct group, not one per
 * row, and cells that ask one at a time hit the same cached answer.
 */
export interface ParameterGroup {
  /** Stable identity: group, language and the equality values. */
  key: string;
  group: Group;
  lang: Lang;
  originals: ProductRecord[];
  /** The validated search that serves every member. */
  filter: Filter;
}

/** The identity of the group an original belongs to (equality rules only; absent values count). */
export function parameterGroupKey(original: ProductRecord, lang: Lang): string {
  const equal = DROP_IN_RULES[original.group].filter((r) => r.op === 'eq').map((r) => readValue(original, r.field.key) ?? null);
  return JSON.stringify([original.group, lang, ...equal]);
}

/** Throws the first problem the vocabulary finds with a filter, before anything is sent. */
function assertValid(filter: Filter, group: Group, lang: Lang): Filter {
  const [problem] = validateFilter(filter, { category: categoryOfGroup(group), lang });
  if (problem) throw problem;
  return filter;
}

/**
 * The search of a group: Category, Status In Production (in `lang`) and each equality rule the
 * original has a value for. Validated against the vocabulary before it is returned.
 */
export function buildGroupFilter(original: ProductRecord, lang: Lang): Filter {
  const conditions: Condition[] = [
    inCategory(categoryOfGroup(original.group)),
    where('Status').eq(translateValue('Status', REPLACEMENT_STATUS, 'en', lang)),
  ];
  for (const rule of applicableRules(original)) {
    if (rule.op !== 'eq') continue;
    const value = readValue(original, rule.field.key);
    if (typeof value === 'number' || typeof value === 'string') conditions.push(where(rule.filter.name).eq(value));
  }
  return assertValid({ conditions }, original.group, lang);
}

/** Groups originals by their equality values; one entry (and one search) per distinct group. */
export function planParameterGroups(originals: readonly ProductRecord[], lang: Lang): ParameterGroup[] {
  const byKey = new Map<string, ProductRecord[]>();
  for (const original of originals) {
    const key = parameterGroupKey(original, lang);
    const members = byKey.get(key);
    if (members) {
      if (!members.some((m) => m.partno === original.partno)) members.push(original);
    } else byKey.set(key, [original]);
  }
  return [...byKey].map(([key, members]) => ({
    key,
    group: members[0].group,
    lang,
    originals: members,
    filter: buildGroupFilter(members[0], lang),
  }));
}

/** The field every near-miss must share with the original: the group's first rule (Capacitance, Inductance). */
export function primaryRuleOf(group: Group) {
  return DROP_IN_RULES[group][0];
}

/** Identity of a near-miss search: group, language and the primary value. */
export function nearMissKey(original: ProductRecord, lang: Lang): string {
  return JSON.stringify([original.group, lang, readValue(original, primaryRuleOf(original.group).field.key) ?? null]);
}

/**
 * The wider search near-misses come from when a group has no candidate: same category and the
 * same primary value, any status and any other spec.
 */
export function buildNearMissFilter(original: ProductRecord, lang: Lang): Filter {
  const rule = primaryRuleOf(original.group);
  const value = readValue(original, rule.field.key);
  const conditions: Condition[] = [inCategory(categoryOfGroup(original.group))];
  if (typeof value === 'number' || typeof value === 'string') conditions.push(where(rule.filter.name).eq(value));
  return assertValid({ conditions }, original.group, lang);
}
