/** The ratings a capacitor series is made in, and the base part number of one of its values. */
import { TEMPERATURE_CHARACTERISTICS, VOLTAGES, type TemperatureCharacteristic, type VoltageRating } from './capacitor-codes';
import { TOLERANCE_LETTERS, composeBasePartno } from './part-numbers';
import { capacitanceCode } from './real-numbering/value-codes';

/** One characteristic and voltage of a capacitor series, by name and as their table entries. */
export interface CapacitorRating {
  tcName: string;
  tc: TemperatureCharacteristic;
  voltName: string;
  voltage: VoltageRating;
}

/** Every characteristic × voltage of a series, characteristics outermost, in the series' order. */
export function* capacitorRatings(series: { characteristics: readonly string[]; voltages: readonly string[] }): Generator<CapacitorRating> {
  for (const tcName of series.characteristics) {
    for (const voltName of series.voltages) yield { tcName, tc: TEMPERATURE_CHARACTERISTICS[tcName], voltName, voltage: VOLTAGES[voltName] };
  }
}

/** A capacitor's base part number (without the package letter). */
export function capacitorPartno(series: string, size: string, rating: CapacitorRating, farads: number, tolerance: string, variant: string): string {
  return composeBasePartno({
    series,
    size,
    characteristic: rating.tc.code,
    rating: rating.voltage.code,
    value: capacitanceCode(farads),
    tolerance: TOLERANCE_LETTERS[tolerance],
    variant,
  });
}
