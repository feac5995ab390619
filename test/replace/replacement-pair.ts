/**
 * The parts the replace tests swap, found in the emulator's catalog: `NEW`, the service's first
 * replacement for the old part (a drop-in), and `LOOSER`, the same capacitor rated lower (everything
 * else as the old part, but not a drop-in).
 */
import type { Catalog, CatalogProduct } from '../../emulator';

/** `replacementsJson`: the stdout of `partspec replacements OLD --json --max 1`. */
export function replacementPair(catalog: Catalog, oldPartno: string, replacementsJson: string): { NEW: string; LOOSER: string } {
  const NEW = (JSON.parse(replacementsJson) as { replacements: { Partno: string }[] }[])[0].replacements[0].Partno;
  const smd = catalog.byGroup.SMD;
  const old = smd.find((p) => p.values.Partno === oldPartno)!.values;
  const same = (p: CatalogProduct, key: string): boolean => p.values[key] === old[key];
  const looser = smd.find(
    (p) => p.values.Status === 'In Production' && same(p, 'Specs.Capacitance') && same(p, 'Specs.SizecodeMm') && same(p, 'Specs.TemperatureCharacteristics') && same(p, 'Specs.RatedVoltageClass') && (p.values['Specs.RatedVoltage'] as number) < (old['Specs.RatedVoltage'] as number),
  )!;
  return { NEW, LOOSER: looser.values.Partno as string };
}
