/**
 * Part numbers as people misread them: a datasheet's O taken for 0, I or l for 1, S for 5, B for 8,
 * Z for 2 (and back). A part number that is not found may be one such slip away from a real one;
 * the shells look these variants up and name the ones that are real ("did you mean").
 */

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
export const MAX_MISREAD_VARIANTS = 24;

/**
 * The part numbers one look-alike character away from `partno` (`GRM155R71C1O4KA88D` →
 * `GRM155R71C104KA88D`, …), in the order of the characters, at most MAX_MISREAD_VARIANTS.
 */
export function misreadVariants(partno: string): string[] {
  const text = partno.trim();
  const out: string[] = [];
  for (let i = 0; i < text.length && out.length < MAX_MISREAD_VARIANTS; i++) {
    for (const other of LOOKALIKES[text[i]] ?? []) {
      if (out.length < MAX_MISREAD_VARIANTS) out.push(`${text.slice(0, i)}${other}${text.slice(i + 1)}`);
    }
  }
  return out;
}
