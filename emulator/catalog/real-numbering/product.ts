import type { CatalogProduct } from '../types';
import { shared } from '../common';
import type { RealPart } from './types';

/**
 * Said by every product the emulator builds from a real number, so nobody takes it for the
 * maker's data: only what the number encodes is real.
 */
export const SYNTHETIC_NOTICE =
  'Synthetic: built by the PartSpec emulator from the part number alone. Size, rating, value, tolerance and packaging are decoded from it; the status and every other field are placeholders, not the maker\'s data.';

/** A catalog-shaped product from a decoded real number: In Production, no dates, the notice above. */
export function buildRealProduct(part: RealPart): CatalogProduct {
  const { facts } = part;
  const values: CatalogProduct['values'] = {
    Partno: part.partno,
    PartnoWithoutPackageCode: part.partnoWithoutPackageCode,
    PackageType: part.packageType,
    Status: 'In Production',
    NewProduct: false,
    ProductName: facts.productName,
    Notices: SYNTHETIC_NOTICE,
    Application: shared(facts.applications),
    'ComplianceInfo.AecQ200Support': facts.aec,
    'ComplianceInfo.Rohs': true,
    'ComplianceInfo.LeadFree': true,
    ...part.values,
  };
  if (part.group !== 'Ind') {
    values.Mounting = shared(facts.mounting ?? ['Reflow soldering']);
    if (facts.benefits?.length) values.Benefits = shared(facts.benefits);
  }
  return { group: part.group, values };
}
