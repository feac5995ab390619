/**
 * The three-character value codes of the maker's numbers: two significant digits and a power of
 * ten (`104` = 10 × 10⁴ pF), or a letter as the decimal point (`4R7` = 4.7, `R50` = 0.50). The
 * unit is picofarads for capacitors; for inductors it is microhenries, with `N` as the point in
 * nanohenries (`10N` = 10 nH, `4N3` = 4.3 nH).
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
