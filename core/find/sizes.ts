/*
 * Body sizes as BOMs write them: EIA inch codes (0402), metric codes (1005, 1608M,
 * C_0402_1005Metric), and a power inductor's body in millimetres (4x4mm, SRN4018). The API's
 * SizecodeInch and SizecodeMm are four- or five-digit codes; a metric body L × W mm is `LLWW` in
 * tenths of a millimetre (4.0 × 4.0 mm → 4040).
 */
import type { BodySize } from './types';

/** Inch code → metric code, for the bodies both systems name. */
const INCH_TO_MM: Readonly<Record<string, string>> = {
  '01005': '0402',
  '0201': '0603',
  '0402': '1005',
  '0603': '1608',
  '0805': '2012',
  '0806': '2016',
  '1008': '2520',
  '1206': '3216',
  '1210': '3225',
  '1616': '4040',
  '1812': '4532',
  '2020': '5050',
  '2220': '5750',
};

const MM_TO_INCH: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(INCH_TO_MM).map(([inch, mm]) => [mm, inch]));

/** Four-digit codes that are metric only: a BOM writing 1608 means 1.6 × 0.8 mm. */
const METRIC_ONLY = new Set(Object.values(INCH_TO_MM).filter((mm) => !(mm in INCH_TO_MM)));

/** A size from an inch code. */
export function sizeFromInch(inch: string): BodySize {
  return INCH_TO_MM[inch] ? { inch, mm: INCH_TO_MM[inch] } : { inch };
}

/** A size from a metric code. */
export function sizeFromMm(mm: string): BodySize {
  return MM_TO_INCH[mm] ? { inch: MM_TO_INCH[mm], mm } : { mm };
}

/** A size from a body's length and width in mm (4.0 × 4.0 → 4040). */
export function sizeFromBody(lengthMm: number, widthMm: number): BodySize | undefined {
  const tenth = (v: number): string | undefined => (v > 0 && v < 10 ? String(Math.round(v * 10)).padStart(2, '0') : v >= 10 && v < 100 && Number.isInteger(v) ? String(v) : undefined);
  const [l, w] = [tenth(lengthMm), tenth(widthMm)];
  return l && w ? sizeFromMm(`${l}${w}`) : undefined;
}

/** Reads a size out of free text: a KiCad footprint, a metric code with M/Metric, an inch code, a body in mm. */
export function findSize(text: string): BodySize | undefined {
  const kicad = /(?:^|[^A-Za-z0-9])[A-Za-z]{1,3}_(\d{4,5})_(\d{4})Metric/i.exec(text);
  if (kicad) return { inch: kicad[1], mm: kicad[2] };
  const metric = /(?<![\d.])(\d{4})\s*(?:M|Metric|mm)(?![A-Za-z0-9])/i.exec(text);
  if (metric && MM_TO_INCH[metric[1]]) return sizeFromMm(metric[1]);
  const inch = /(?<![\d.x×*])(01005|0201|0402|0603|0805|1206|1210|1812|2220|1008|0806)(?![\d.x×*])/.exec(text);
  if (inch) return sizeFromInch(inch[1]);
  const mm = /(?<![\d.x×*])(\d{4})(?![\d.x×*])/.exec(text);
  if (mm && METRIC_ONLY.has(mm[1])) return sizeFromMm(mm[1]);
  const body = /(?<![\d.])(\d{1,2}(?:\.\d)?)\s*[x×*]\s*(\d{1,2}(?:\.\d)?)(?:\s*[x×*]\s*\d{1,2}(?:\.\d+)?)?\s*(mm|MM)?(?![\d.])/.exec(text);
  if (body && (body[3] || Number(body[1]) <= 15)) return sizeFromBody(Number(body[1]), Number(body[2]));
  return undefined;
}

/** The size's label for people: `0402 (1005)`, or the one code known. */
export function sizeLabel(size: BodySize): string {
  if (size.inch && size.mm) return `${size.inch} (${size.mm})`;
  return size.inch ?? `${size.mm} mm`;
}
