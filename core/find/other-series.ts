/*
 * Other makers' capacitor series that are not ceramic, by the start of their part numbers, read
 * from the makers' numbering pages: a line holding one (EEE-FK1E101P, UVR1H101MPD, MKS2C031001A00,
 * T491A106K016AT) is an electrolytic, film or tantalum capacitor, whatever its designator says,
 * and gets no ceramic candidate. Data only: findOtherSeries applies it.
 */
import type { PartKind } from './types';

const OTHER_SERIES: readonly (readonly [Extract<PartKind, 'electrolytic' | 'filmCapacitor' | 'tantalum'>, string, RegExp])[] = [
  ['electrolytic', 'Panasonic aluminium (EEE, EEU, ECA, ECE, EEH)', /^(?:EEE|EEU|ECA|ECE|EEH|EEF|EEV)-?[A-Z0-9]{1,4}\d{2,3}/],
  ['electrolytic', 'Nichicon aluminium (UVR, UVZ, UWT, UUD, UCD, UPW, UHE, UKL, PLV)', /^(?:U[VWUCPHBRK][A-Z]|PL[VGF])\d[A-Z]\d{3}[A-Z]/],
  ['electrolytic', 'Rubycon aluminium (ZLH, YXF, ZLJ, PX)', /^\d{1,3}(?:ZLH|ZLJ|ZLG|ZLQ|YXF|YXJ|YXG|PX|RX30|TZV|MCZ)\d/],
  ['electrolytic', 'Chemi-Con aluminium (EKZE, EMZA, EKY, EMVA, EKMG, APXA)', /^(?:EKZE|EKZN|EMZA|EMZR|EKY|EMVA|EMVE|EKMG|EKMH|EKXG|APXA|APSG|APXE)\d/],
  ['electrolytic', 'KEMET aluminium (ESK, EDK, ESY, A700)', /^(?:ESK|EDK|ESY|EDH|EEH|A7[05]\d)[A-Z]?\d{3}/],
  ['electrolytic', 'Würth aluminium (WCAP-ATG, ASLI, PSLC)', /^WCAP-(?:AT|AS|AI|PS|PT|PH)/],
  ['filmCapacitor', 'WIMA film (MKS, MKP, FKP, FKS, MKM)', /^(?:MKS|MKP|FKP|FKS|MKM|SMD-?PPS)\d/],
  ['filmCapacitor', 'Panasonic film (ECQ, ECW, ECP)', /^(?:ECQ|ECW|ECP)-?[A-Z]/],
  ['filmCapacitor', 'KEMET film (R82, R46, R75, PHE, PME, SMR)', /^(?:R82|R46|R75|R76|R60|PHE\d|PME\d|SMR\d)/],
  ['filmCapacitor', 'TDK (EPCOS) film (B3292x, B3252x, B3265x, B3267x)', /^B32[5-9]\d{2}/],
  ['filmCapacitor', 'Vishay film (MKT1820, MKP1840, BFC2)', /^(?:MKT|MKP)1\d{3}|^BFC2/],
  ['filmCapacitor', 'Würth film (WCAP-FTBP, FTXX, PFSI)', /^WCAP-(?:FT|PF|PP|FS)/],
  ['tantalum', 'KYOCERA AVX tantalum (TAJ, TPS, TCJ, F93)', /^(?:TAJ|TPS|TPM|TCJ|TAP|TLJ|TRJ|TPC)[A-Z]\d{3}|^F9[358]\d/],
  ['tantalum', 'KEMET tantalum (T491, T495, T520)', /^T(?:49\d|5[0-3]\d)[A-Z]\d{3}/],
  ['tantalum', 'Vishay tantalum (293D, TR3, T55)', /^(?:293D|TR3[A-Z]|T55[A-Z]|TMCM|TH3[A-Z])\d/],
];

/** The kind a word names when it is one of these series' numbers. */
export function findOtherSeries(word: string): Extract<PartKind, 'electrolytic' | 'filmCapacitor' | 'tantalum'> | undefined {
  const number = word.normalize('NFKC').trim().toUpperCase();
  return OTHER_SERIES.find(([, , pattern]) => pattern.test(number))?.[0];
}
