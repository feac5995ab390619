/**
 * The three-character value codes of the maker's numbers: two significant digits and a power of
 * ten (`104` = 10 × 10⁴ pF), or a letter as the decimal point (`4R7` = 4.7, `R50` = 0.50). The
 * unit is picofarads for capacitors; for inductors it is microhenries, with `N` as the point in
 * nanohenries (`10N` = 10 nH, `4N3` = 4.3 nH). Written here and read here, so the two cannot drift.
 */
import { decimal } from '../numbers';

/** Digits and one point letter, or two digits and a power of ten from 0 to 7. */
const POINT_CODE = /^(?=[0-9]*[A-Z][0-9]*$)[0-9A-Z]{3}$/;
const POWER_CODE = /^([0-9]{2})([0-7])$/;

/** The value of a code in its base unit (pF, µH or nH) as a decimal literal's double, or undefined. */
function readCode(code: string, point: string): { mantissa: number; exponent: number } | undefined {
  const power = POWER_CODE.exec(code);
  if (power) return { mantissa: Number(power[1]), exponent: Number(power[2]) };
  if (!POINT_CODE.test(code) || !code.includes(point)) return undefined;
  const text = code.replace(point, '.');
  return { mantissa: Number(text.startsWith('.') ? `0${text}` : text), exponent: 0 };
}

/** Capacitance in farads of a code such as 104, 4R7 or R50; undefined when it is not one. */
export function readCapacitanceCode(code: string): number | undefined {
  const value = readCode(code, 'R');
  if (!value || !(value.mantissa > 0)) return undefined;
  return decimal(value.mantissa, value.exponent - 12);
}

/** Inductance in henries of a code such as 2R2, 100, R47, 10N or 4N3; undefined when it is not one. */
export function readInductanceCode(code: string): number | undefined {
  const nano = code.includes('N');
  const value = readCode(code, nano ? 'N' : 'R');
  if (!value || !(value.mantissa > 0)) return undefined;
  return decimal(value.mantissa, value.exponent + (nano ? -9 : -6));
}

/** Capacitance value code in picofarads: 4R7 (4.7 pF), R50 (0.5 pF), 101 (100 pF), 104 (100 nF), 226 (22 µF). */
export function capacitanceCode(farads: number): string {
  return valueCode(Math.round(farads * 1e14) / 100, 'R');
}

/**
 * Inductance value code: below 100 nH in nanohenries with N as the point (1N0, 4N7, 47N),
 * from 0.1 µH in microhenries with R as the point (R10, 1R0, 4R7) or as digits and a power of ten (100 = 10 µH).
 */
export function inductanceCode(henries: number): string {
  const nH = Math.round(henries * 1e11) / 100;
  if (nH < 100) {
    if (nH >= 10) return `${Math.round(nH)}N`;
    return pointCode(nH, 'N');
  }
  return valueCode(Math.round(henries * 1e8) / 100, 'R');
}

function valueCode(units: number, point: string): string {
  if (units < 10) return pointCode(units, point);
  let exp = 0;
  let digits = units;
  while (digits >= 100) {
    digits /= 10;
    exp++;
  }
  return `${Math.round(digits)}${exp}`;
}

function pointCode(value: number, point: string): string {
  const [int, frac = '0'] = String(Number(value.toPrecision(2))).split('.');
  const code = int === '0' ? `${point}${frac.padEnd(2, '0')}` : `${int}${point}${frac}`;
  return code.slice(0, 3);
}
