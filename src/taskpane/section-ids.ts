/** The taskpane's sections, in tab order; `taskpane.html?section=<id>` opens one. */
export const SECTIONS = ['settings', 'search', 'enrich', 'health', 'download'] as const;
export type SectionId = (typeof SECTIONS)[number];

/** The section a `?section=` value names, else Search & import. */
export function sectionOf(value: string | null | undefined): SectionId {
  return SECTIONS.find((s) => s === value) ?? 'search';
}
