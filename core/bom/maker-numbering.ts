/*
 * The maker's own part numbering (Murata), as far as a BOM needs it: whether a part number that
 * was not found is one of ours (a typo or a part the service does not know, named one per line)
 * or another maker's (a Samsung or TDK capacitor in a BOM with no manufacturer column, only
 * counted). A number starts with its product series: GRM155R71C104KA88D is a GRM chip monolithic
 * ceramic capacitor, LQM18PN2R2MFRL an LQM multilayer inductor, DFE322512F-2R2M=P2 a DFE
 * metal-alloy power inductor.
 */

/**
 * Series prefixes of the maker's part numbers, grouped by product family. Longer prefixes need no
 * special order: a number is the maker's when it starts with any of them.
 */
const SERIES: Readonly<Record<string, readonly string[]>> = {
  /** Chip multilayer ceramic capacitors (general, automotive, high-Q, soft termination, arrays, LW reversed, low ESL). */
  ceramicChip: ['GRM', 'GCM', 'GJM', 'GRT', 'GCJ', 'GQM', 'GMA', 'GMD', 'GCQ', 'GCG', 'GCD', 'GCE', 'GCH', 'GGD', 'GGM', 'GJ4', 'GR3', 'GR4', 'GR7', 'GA2', 'GA3', 'GA4', 'GC3', 'GXT', 'GCB', 'GRJ', 'GMR', 'KRM', 'KR3', 'KR9', 'KC3', 'KCM', 'KCA', 'KC9', 'KRA', 'LLL', 'LLA', 'LLC', 'LLG', 'LLR', 'ZRA', 'ZRB', 'ZRM', 'NFM'],
  /** Leaded ceramic capacitors, safety-standard capacitors, polymer aluminium capacitors. */
  ceramicLeaded: ['RCE', 'RDE', 'RHE', 'RPE', 'RHS', 'DE1', 'DE2', 'DE6', 'DEA', 'DEB', 'DEC', 'DEH', 'DHR', 'DHS', 'ECAS'],
  /** Chip inductors, power inductors, ferrite beads, common-mode chokes, EMI filters. */
  inductors: ['LQM', 'LQH', 'LQW', 'LQG', 'LQP', 'LQB', 'LQS', 'LQR', 'DFE', 'BLM', 'BLA', 'BLE', 'BLF', 'BLH', 'BLT', 'BLR', 'BNX', 'NFA', 'NFE', 'NFL', 'NFW', 'NFZ', 'DLW', 'DLM', 'DLP', 'DLF', 'PLT'],
  /** Thermistors, resonators, crystals, SAW filters, buzzers, sensors, power modules. */
  other: ['NCP', 'NCU', 'NCG', 'NXF', 'NXR', 'PRF', 'PRG', 'PTG', 'PTF', 'CSTNE', 'CSTCE', 'CSTLS', 'CSTCR', 'XRCGB', 'XRCHA', 'XRCMD', 'SAFEA', 'SAFFB', 'SF2', 'PKM', 'PKLCS', 'IRA', 'SCA', 'MYMGK', 'MYRGP', 'LXDC', 'LXES'],
};

const PREFIXES = Object.values(SERIES).flat();

/**
 * After the series: size, characteristic and value codes, then the individual specification and
 * packaging codes; letters, digits, and the `-`, `=`, `#` and `.` some series use (DFE322512F-2R2M=P2).
 */
const BODY = /^[0-9A-Z-][0-9A-Z\-=#.+/]{3,30}$/;

/** Whether a part number reads like the maker's own numbering (Murata: GRM…, GCM…, LQM…, DFE…, RCE…), for the not-found summary. */
export function looksLikeMakerPartNumber(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  const text = String(value).normalize('NFKC').trim().toUpperCase();
  if (/\s/.test(text)) return false;
  const prefix = PREFIXES.find((p) => text.startsWith(p));
  return prefix !== undefined && BODY.test(text.slice(prefix.length)) && /\d/.test(text.slice(prefix.length));
}
