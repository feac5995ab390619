import type { Lang } from './constants';

/** Product groups as the spec's applicability codes name them. */
export const GROUPS = ['SMD', 'Lead', 'Ind'] as const;
export type Group = (typeof GROUPS)[number];

/** Name of each group's object inside `Data` of a product search result. */
export const GROUP_OBJECT_NAMES: Readonly<Record<Group, string>> = {
  SMD: 'CeramicCapacitorsSMD',
  Lead: 'CeramicCapacitorsLead',
  Ind: 'Inductors',
};

/** Human names of the groups, used by messages and headers. */
export const GROUP_LABELS: Readonly<Record<Group, Record<Lang, string>>> = {
  SMD: { en: 'ceramic capacitors (SMD)', ja: 'セラミックコンデンサ（SMD）', zh: '陶瓷电容器（SMD）' },
  Lead: { en: 'ceramic capacitors (lead)', ja: 'セラミックコンデンサ（リード）', zh: '陶瓷电容器（引线）' },
  Ind: { en: 'inductors', ja: 'インダクタ', zh: '电感器' },
};

export const CATEGORY_IDS = [
  'ceramicCapacitors',
  'ceramicCapacitorsSMD',
  'ceramicCapacitorsLead',
  'inductors',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface CategoryDef {
  id: CategoryId;
  /** The spec's meaning column. */
  meaning: string;
  /** Accepted by URL acquisition (`category` parameter). */
  urlAcquisition: boolean;
  /** Accepted as the value of a `Category eq '…'` filter condition. */
  filterCategory: boolean;
  /** Groups of products the category returns. */
  groups: readonly Group[];
}

export const CATEGORIES: Readonly<Record<CategoryId, CategoryDef>> = {
  ceramicCapacitors: {
    id: 'ceramicCapacitors',
    meaning: 'ceramic capacitors, SMD and lead together (intermediate category); returns both SMD and lead products',
    urlAcquisition: false,
    filterCategory: true,
    groups: ['SMD', 'Lead'],
  },
  ceramicCapacitorsSMD: {
    id: 'ceramicCapacitorsSMD',
    meaning: 'ceramic capacitors (SMD)',
    urlAcquisition: true,
    filterCategory: true,
    groups: ['SMD'],
  },
  ceramicCapacitorsLead: {
    id: 'ceramicCapacitorsLead',
    meaning: 'ceramic capacitors (lead)',
    urlAcquisition: true,
    filterCategory: true,
    groups: ['Lead'],
  },
  inductors: {
    id: 'inductors',
    meaning: 'inductors',
    urlAcquisition: true,
    filterCategory: true,
    groups: ['Ind'],
  },
};

/** Category IDs the URL acquisition accepts. */
export const DOWNLOAD_CATEGORY_IDS: readonly CategoryId[] = CATEGORY_IDS.filter(
  (id) => CATEGORIES[id].urlAcquisition,
);

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);
}

/** The group whose object in `Data` has this name, or undefined. */
export function groupOfObjectName(name: string): Group | undefined {
  return GROUPS.find((g) => GROUP_OBJECT_NAMES[g] === name);
}

/** The single-group category that returns exactly this group. */
export function categoryOfGroup(group: Group): CategoryId {
  return group === 'SMD' ? 'ceramicCapacitorsSMD' : group === 'Lead' ? 'ceramicCapacitorsLead' : 'inductors';
}
