/**
 * Part numbers as people misread them: a datasheet's O taken for 0, I or l for 1, S for 5, B for 8,
 * Z for 2 (and back). A part number that is not found may be one such slip away from a real one;
 * the shells look these variants up and name the ones that are real ("did you mean").
 */
import type { LookupOutcome } from '../../api/client/lookup';

/** Characters read for one another, each way. */
const LOOKALIKES: Readonly<Record<string, readonly string[]>> = {
  O: ['0'],
  '0': ['O'],
  I: ['1'],
  l: ['1'],
  '1': ['I'],
  S: ['5'],
  '5': ['S'],
  B: ['8'],
  '8': ['B'],
  Z: ['2'],
  '2': ['Z'],
};

/** Most variants tried for one part number, so a long number of look-alikes stays one small request. */
const MAX_MISREAD_VARIANTS = 24;

/**
 * The part numbers one look-alike character away from `partno` (`GRM155R71C1O4KA88D` →
 * `GRM155R71C104KA88D`, …), in the order of the characters, at most MAX_MISREAD_VARIANTS.
 */
function misreadVariants(partno: string): string[] {
  const text = partno.trim();
  const out: string[] = [];
  for (let i = 0; i < text.length && out.length < MAX_MISREAD_VARIANTS; i++) {
    for (const other of LOOKALIKES[text[i]] ?? []) {
      if (out.length < MAX_MISREAD_VARIANTS) out.push(`${text.slice(0, i)}${other}${text.slice(i + 1)}`);
    }
  }
  return out;
}

/** Part numbers not found that are checked for a misread character (O for 0, I for 1) in one run. */
const MAX_INPUTS_CHECKED_FOR_MISREADS = 20;

/**
 * For each part number not found, the real part number one look-alike character away (O/0, I/1),
 * when exactly one such variant is a real part (exact, or without its package code): every variant is looked up in one request.
 */
export async function findMeantParts(notFound: readonly string[], lookup: (variants: string[]) => Promise<Map<string, LookupOutcome>>): Promise<Map<string, string>> {
  const checked = notFound.slice(0, MAX_INPUTS_CHECKED_FOR_MISREADS).map((input) => ({ input, variants: misreadVariants(input) }));
  const all = [...new Set(checked.flatMap((c) => c.variants))];
  const meant = new Map<string, string>();
  if (all.length === 0) return meant;
  const outcomes = await lookup(all);
  for (const { input, variants } of checked) {
    const real = variants.filter((v) => ['exact', 'variant'].includes(outcomes.get(v)?.status ?? ''));
    if (real.length === 1) meant.set(input, real[0]);
  }
  return meant;
}
