/**
 * The maker's real product series whose numbers the emulator decodes, with what the series alone
 * says about a part: its product name, markets, AEC-Q200, and for chips the shape and benefits.
 * Series not listed (arrays, low-ESL, safety-certified parts, whose numbers use other code
 * tables) stay unknown.
 */

import type { PartFacts } from './types';

/** What a part's series says (PartFacts), and for chips the shape of the body. */
export interface SeriesFacts extends PartFacts {
  smdType?: string;
}

const CONSUMER = ['Consumer equipment', 'Industrial Equipment'];
const AUTOMOTIVE = ['Automotive powertrain/safety equipment', 'Automotive infotainment/comfort equipment', 'Industrial Equipment'];
const INFOTAINMENT = ['Automotive infotainment/comfort equipment', 'Consumer equipment', 'Industrial Equipment'];
const RF = ['Mobile Communication', 'Consumer equipment'];

/** Chip multilayer ceramic capacitors: series code → facts. */
export const CHIP_CAPACITOR_SERIES: Readonly<Record<string, SeriesFacts>> = {
  GRM: { productName: 'Chip Multilayer Ceramic Capacitors for General Purpose', applications: CONSUMER, aec: false },
  GRT: { productName: 'AEC-Q200 Compliant Chip Multilayer Ceramic Capacitors for Infotainment', applications: INFOTAINMENT, aec: true },
  GCM: { productName: 'Chip Multilayer Ceramic Capacitors for Automotive', applications: AUTOMOTIVE, aec: true },
  GCJ: { productName: 'Soft Termination Chip Multilayer Ceramic Capacitors for Automotive', applications: AUTOMOTIVE, aec: true, benefits: ['Anti-crack while deflecting'] },
  GCD: { productName: 'MLSC Design Chip Multilayer Ceramic Capacitors for Automotive', applications: AUTOMOTIVE, aec: true, benefits: ['Fail safe'] },
  GCE: { productName: 'Soft Termination MLSC Design Chip Multilayer Ceramic Capacitors for Automotive', applications: AUTOMOTIVE, aec: true, benefits: ['Fail safe', 'Anti-crack while deflecting'] },
  GCG: { productName: 'Chip Multilayer Ceramic Capacitors for Conductive Glue Mounting, Automotive', applications: AUTOMOTIVE, aec: true, mounting: ['Conductive adhesive'] },
  GCQ: { productName: 'High-Q Chip Multilayer Ceramic Capacitors for Automotive', applications: AUTOMOTIVE, aec: true, benefits: ['Low dissipation/HIQ'] },
  GGM: { productName: 'Water Repellent Chip Multilayer Ceramic Capacitors for Automotive', applications: AUTOMOTIVE, aec: true },
  GCH: { productName: 'Chip Multilayer Ceramic Capacitors for Medical Equipment', applications: ['Medical equipment [GHTF Class D]', 'Medical [Ask Maker]'], aec: false },
  GJM: { productName: 'High-Q Chip Multilayer Ceramic Capacitors', applications: RF, aec: false, benefits: ['Low dissipation/HIQ'] },
  GQM: { productName: 'High-Q Chip Multilayer Ceramic Capacitors for RF', applications: RF, aec: false, benefits: ['Low dissipation/HIQ'] },
  GJ4: { productName: 'Low Distortion Chip Multilayer Ceramic Capacitors', applications: CONSUMER, aec: false, benefits: ['Anti-noise, low distortion'] },
  GJ8: { productName: 'Acoustic Noise Reduction Chip Multilayer Ceramic Capacitors', applications: CONSUMER, aec: false, benefits: ['Anti-noise, low distortion'] },
  GRJ: { productName: 'Soft Termination Chip Multilayer Ceramic Capacitors', applications: CONSUMER, aec: false, benefits: ['Anti-crack while deflecting'] },
  GR3: { productName: 'High Effective Capacitance and High Ripple Current Chip Multilayer Ceramic Capacitors', applications: CONSUMER, aec: false },
  GR4: { productName: 'Chip Multilayer Ceramic Capacitors for Ethernet LAN and Primary-Secondary Coupling', applications: CONSUMER, aec: false },
  GR7: { productName: 'Chip Multilayer Ceramic Capacitors for Camera Flash Circuits', applications: ['Consumer equipment'], aec: false },
  GMA: { productName: 'Multilayer Microchip Capacitors for Wire Bonding', applications: CONSUMER, aec: false, smdType: 'Top & bottom electrode', mounting: ['Bonding', 'Conductive adhesive'] },
  GMD: { productName: 'Multilayer Microchip Capacitors for Wire Bonding and AuSn Soldering', applications: CONSUMER, aec: false, smdType: 'Top & bottom electrode', mounting: ['Bonding'] },
  KRM: { productName: 'Chip Multilayer Ceramic Capacitors with Metal Terminal', applications: CONSUMER, aec: false, smdType: 'Metal terminal', benefits: ['Anti-crack while deflecting'] },
  KR3: { productName: 'High Effective Capacitance and High Ripple Current Chip Multilayer Ceramic Capacitors with Metal Terminal', applications: CONSUMER, aec: false, smdType: 'Metal terminal', benefits: ['Anti-crack while deflecting'] },
  KCM: { productName: 'Chip Multilayer Ceramic Capacitors with Metal Terminal for Automotive', applications: AUTOMOTIVE, aec: true, smdType: 'Metal terminal', benefits: ['Anti-crack while deflecting'] },
  KC3: { productName: 'High Effective Capacitance Chip Multilayer Ceramic Capacitors with Metal Terminal for Automotive', applications: AUTOMOTIVE, aec: true, smdType: 'Metal terminal', benefits: ['Anti-crack while deflecting'] },
};

/** Leaded (radial) multilayer ceramic capacitors. */
export const LEADED_CAPACITOR_SERIES: Readonly<Record<string, SeriesFacts>> = {
  RDE: { productName: 'Leaded Multilayer Ceramic Capacitors for General Purpose', applications: CONSUMER, aec: false },
  RPE: { productName: 'Leaded Multilayer Ceramic Capacitors (DC25V-DC100V)', applications: CONSUMER, aec: false },
  RCE: { productName: 'Leaded Multilayer Ceramic Capacitors for Automotive', applications: AUTOMOTIVE, aec: true },
  RHE: { productName: 'Leaded Multilayer Ceramic Capacitors for Automotive, 150°C max.', applications: AUTOMOTIVE, aec: true },
};

export interface InductorStructure {
  productName: string;
  construction: string;
}

/** Chip inductors (LQ + structure letter): structure → what it is. */
export const INDUCTOR_STRUCTURES: Readonly<Record<string, InductorStructure>> = {
  G: { productName: 'Chip Inductors (Multilayer Type, Air Core)', construction: 'Multilayer type' },
  H: { productName: 'Chip Inductors (Wire Wound Type, Ferrite Core)', construction: 'Wire wound type (Ferrite)' },
  M: { productName: 'Chip Inductors (Multilayer Type, Ferrite Core)', construction: 'Multilayer type' },
  P: { productName: 'Chip Inductors (Film Type)', construction: 'Film type' },
  W: { productName: 'Chip Inductors (Wire Wound Type, Air Core)', construction: 'Wire wound type (Non mag)' },
};

export const POWER_INDUCTOR_FACTS = {
  productName: 'Power Inductors (Metal Alloy Core)',
  construction: 'Wire wound type (Metal)',
} as const;
