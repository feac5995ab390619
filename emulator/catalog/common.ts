import type { Group } from '../../api';
import { massText, mm, mmText } from './numbers';
import type { Rng } from './rng';
import type { BaseValues, CatalogProduct, PackageOption } from './types';

/** A part before its package variants and lifecycle are decided. */
export interface BasePart {
  group: Group;
  /** Partno without the package code. */
  partno: string;
  series: string;
  values: BaseValues;
  packages: PackageOption[];
  /** Parts with the same key can replace each other (same value and size, another series or rating). */
  alternativeKey: string;
}

/** Every series with each of its sizes as the size table has it, in the series' order. */
export function* seriesSizes<S extends { sizes: readonly string[] }, Z>(series: readonly S[], sizes: Readonly<Record<string, Z>>): Generator<[S, Z]> {
  for (const one of series) {
    for (const code of one.sizes) yield [one, sizes[code]];
  }
}

/** The base parts of a group, each part number once. */
export class BaseList {
  readonly parts: BasePart[] = [];
  private readonly seen = new Set<string>();

  /** Adds the part `build` makes for `partno`; a part number already there is skipped unbuilt. */
  add(partno: string, build: () => BasePart): void {
    if (this.seen.has(partno)) return;
    this.seen.add(partno);
    this.parts.push(build());
  }
}

/** Package forms of surface-mount parts: paper tape for thin parts, plastic (embossed) for thick ones. */
export function smdPackages(rng: Rng, thicknessMm: number, lengthMm: number): PackageOption[] {
  const reel180 = thicknessMm <= 0.85 ? perReel(lengthMm, 180) : Math.max(500, perReel(lengthMm, 180) / 2);
  const reel330 = reel180 * 4;
  const options: PackageOption[] =
    thicknessMm <= 0.85
      ? [
          { code: 'D', type: 'Paper tape 180mm reel', minOrderQuantity: reel180 },
          { code: 'J', type: 'Paper tape 330mm reel', minOrderQuantity: reel330 },
        ]
      : [
          { code: 'K', type: 'Plastic tape 180mm reel', minOrderQuantity: reel180 },
          { code: 'L', type: 'Plastic tape 330mm reel', minOrderQuantity: reel330 },
        ];
  if (rng.chance(0.35)) options.push({ code: 'B', type: 'Bulk', minOrderQuantity: 1000 });
  return options;
}

function perReel(lengthMm: number, _reel: number): number {
  if (lengthMm <= 0.6) return 15000;
  if (lengthMm <= 1.0) return 10000;
  if (lengthMm <= 1.6) return 4000;
  if (lengthMm <= 2.0) return 3000;
  if (lengthMm <= 3.2) return 2000;
  return 1000;
}

/** Package forms of leaded parts. */
export function leadPackages(rng: Rng): PackageOption[] {
  const options: PackageOption[] = [
    { code: 'B', type: 'Bulk', minOrderQuantity: 500 },
    { code: 'A', type: 'Ammo pack', minOrderQuantity: 2000 },
  ];
  if (rng.chance(0.4)) options.push({ code: 'T', type: 'Radial taping 330mm reel', minOrderQuantity: 2500 });
  return options;
}

/** The Partnos a base part is sold as, in package order. */
export function variantPartnos(base: BasePart): string[] {
  return base.packages.map((p) => `${base.partno}${p.code}`);
}

/** Splits a base part into one catalog product per package form. */
export function expandVariants(base: BasePart): CatalogProduct[] {
  return base.packages.map((p) => ({
    group: base.group,
    // Spread first: every variant then shares the base's object shape, which keeps generation fast.
    values: {
      ...base.values,
      Partno: `${base.partno}${p.code}`,
      PartnoWithoutPackageCode: base.partno,
      PackageType: p.type,
      MinOrderQuantity: p.minOrderQuantity,
    },
  }));
}

/**
 * One frozen array per distinct list, shared by every part that has it: tens of thousands of
 * parts carry the same Application or Mounting list. Catalog values are read-only.
 */
export function shared(values: readonly string[]): string[] {
  const key = values.join('\u0000');
  let list = SHARED_LISTS.get(key);
  if (!list) {
    list = Object.freeze([...values]) as string[];
    SHARED_LISTS.set(key, list);
  }
  return list;
}

const SHARED_LISTS = new Map<string, string[]>();

/** A temperature range as data sheets write it. */
export function temperatureRange(min: number, max: number): string {
  return `${min}°C to ${max}°C`;
}

/** A chip's mass and body in mm with their tolerances (length and width share one). */
export interface ChipBody {
  grams: number;
  size: { mm: string; inch: string; length: number; width: number };
  thickness: number;
  lengthTolerance: number;
  thicknessTolerance: number;
  /** Thickness plus its tolerance, rounded as the series' datasheet writes it. */
  thicknessMax: number;
}

/** The spec fields of a chip's mass, dimensions and size codes, each with its text. */
export function chipBodySpecs(body: ChipBody): Record<string, string | number> {
  const { grams, size, thickness, thicknessMax } = body;
  return {
    'Specs.ReferenceMass': grams,
    'Specs.ReferenceMassText': massText(grams),
    'Specs.Length': mm(size.length),
    'Specs.LengthText': mmText(size.length, body.lengthTolerance),
    'Specs.Width': mm(size.width),
    'Specs.WidthText': mmText(size.width, body.lengthTolerance),
    'Specs.Thickness': mm(thickness),
    'Specs.ThicknessText': mmText(thickness, body.thicknessTolerance),
    'Specs.ThicknessMax': mm(thicknessMax),
    'Specs.ThicknessMaxText': mmText(thicknessMax),
    'Specs.SizecodeMm': size.mm,
    'Specs.SizecodeInch': size.inch,
  };
}
