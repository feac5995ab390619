/** The inductor series and body sizes the inductor generator draws from. */
import { E12, E24, E6 } from './numbers';

/** Body sizes: part-number code, mm and inch size codes, body in mm. */
export interface InductorSize {
  code: string;
  mm: string;
  inch: string;
  length: number;
  width: number;
  thickness: number;
  /** Largest inductance the body reaches, in H. */
  maxH: number;
}

export const INDUCTOR_SIZES: Readonly<Record<string, InductorSize>> = {
  '03': { code: '03', mm: '0603', inch: '0201', length: 0.6, width: 0.3, thickness: 0.3, maxH: 270e-9 },
  '15': { code: '15', mm: '1005', inch: '0402', length: 1.0, width: 0.5, thickness: 0.5, maxH: 2.2e-6 },
  '18': { code: '18', mm: '1608', inch: '0603', length: 1.6, width: 0.8, thickness: 0.8, maxH: 10e-6 },
  '21': { code: '21', mm: '2012', inch: '0805', length: 2.0, width: 1.25, thickness: 0.9, maxH: 22e-6 },
  '20': { code: '20', mm: '2016', inch: '0806', length: 2.0, width: 1.6, thickness: 1.0, maxH: 4.7e-6 },
  '25': { code: '25', mm: '2520', inch: '1008', length: 2.5, width: 2.0, thickness: 1.2, maxH: 10e-6 },
  '32': { code: '32', mm: '3225', inch: '1210', length: 3.2, width: 2.5, thickness: 1.5, maxH: 47e-6 },
  '40': { code: '40', mm: '4040', inch: '1616', length: 4.0, width: 4.0, thickness: 2.0, maxH: 100e-6 },
  '50': { code: '50', mm: '5050', inch: '2020', length: 5.0, width: 5.0, thickness: 3.0, maxH: 470e-6 },
};

export type Kind = 'rf' | 'general' | 'power';

export interface InductorSeries {
  code: string;
  productName: string;
  kind: Kind;
  sizes: readonly string[];
  /** Characteristic codes in the part number (material / Q grade sub-series). */
  characteristics: readonly string[];
  construction: readonly string[];
  brand: 'Maker' | 'Maker Power Solutions';
  target: string;
  min: number;
  max: number;
  steps: readonly number[];
  applications: readonly string[];
  aec: boolean;
  shield: string;
  density: number;
  feature: string;
}

export const INDUCTOR_SERIES: readonly InductorSeries[] = [
  {
    code: 'MLG',
    productName: 'Chip Inductors (Multilayer Type) for High Frequency',
    kind: 'rf',
    sizes: ['03', '15', '18'],
    characteristics: ['HN', 'HS', 'HP'],
    construction: ['Multilayer type'],
    brand: 'Maker',
    target: 'High frequency circuits',
    min: 0.3e-9,
    max: 270e-9,
    steps: E24,
    applications: ['Mobile Communication', 'Consumer equipment', 'Automotive infotainment/comfort equipment'],
    aec: false,
    shield: 'Unshielded',
    density: 0.75,
    feature: 'Multilayer inductor for RF matching with tight tolerance.',
  },
  {
    code: 'MLK',
    productName: 'Chip Inductors (Film Type) for High Frequency',
    kind: 'rf',
    sizes: ['03', '15'],
    characteristics: ['TF', 'TQ'],
    construction: ['Film type'],
    brand: 'Maker',
    target: 'High frequency circuits',
    min: 0.2e-9,
    max: 100e-9,
    steps: E24,
    applications: ['Mobile Communication'],
    aec: false,
    shield: 'Unshielded',
    density: 0.75,
    feature: 'Thin-film inductor with high Q and narrow tolerance.',
  },
  {
    code: 'MWN',
    productName: 'Chip Inductors (Wire Wound Type, Non-magnetic Core)',
    kind: 'rf',
    sizes: ['15', '18', '21'],
    characteristics: ['HQ', 'HT'],
    construction: ['Wire wound type (Non mag)'],
    brand: 'Maker',
    target: 'High frequency circuits',
    min: 1e-9,
    max: 1e-6,
    steps: E12,
    applications: ['Mobile Communication', 'Industrial Equipment', 'Automotive powertrain/safety equipment'],
    aec: true,
    shield: 'Unshielded',
    density: 0.85,
    feature: 'Wire-wound air-core inductor with the highest Q.',
  },
  {
    code: 'MLF',
    productName: 'Chip Inductors (Multilayer Type, Ferrite)',
    kind: 'general',
    sizes: ['15', '18', '21', '32'],
    characteristics: ['FN', 'FB', 'FS'],
    construction: ['Multilayer type'],
    brand: 'Maker',
    target: 'General circuits',
    min: 10e-9,
    max: 47e-6,
    steps: E12,
    applications: ['Consumer equipment', 'Industrial Equipment', 'Mobile Electronics'],
    aec: false,
    shield: 'Magnetically shielded',
    density: 0.8,
    feature: 'Ferrite multilayer inductor for general signal lines.',
  },
  {
    code: 'MWF',
    productName: 'Power Inductors (Wire Wound Type, Ferrite Core)',
    kind: 'power',
    sizes: ['20', '25', '32', '40', '50'],
    characteristics: ['PF', 'PS'],
    construction: ['Wire wound type (Ferrite)'],
    brand: 'Maker',
    target: 'Power lines circuits',
    min: 0.47e-6,
    max: 470e-6,
    steps: E6,
    applications: ['Consumer equipment', 'Industrial Equipment', 'Automotive infotainment/comfort equipment'],
    aec: true,
    shield: 'Semi-shielded',
    density: 0.9,
    feature: 'Ferrite-core power inductor for DC-DC converters.',
  },
  {
    code: 'MPM',
    productName: 'Power Inductors (Metal Alloy Core)',
    kind: 'power',
    sizes: ['18', '20', '25', '32', '40', '50'],
    characteristics: ['PM', 'PH'],
    construction: ['Wire wound type (Metal)'],
    brand: 'Maker Power Solutions',
    target: 'Power lines circuits',
    min: 0.1e-6,
    max: 22e-6,
    steps: E12,
    applications: ['Mobile Electronics', 'Automotive powertrain/safety equipment', 'Industrial Equipment'],
    aec: true,
    shield: 'Magnetically shielded',
    density: 0.9,
    feature: 'Metal alloy power inductor with soft saturation.',
  },
  {
    code: 'MPD',
    productName: 'Coupled Power Inductors (2 Coils in 1 Unit)',
    kind: 'power',
    sizes: ['25', '32', '40'],
    characteristics: ['PD'],
    construction: ['Wire wound type (Metal)', '2 coils in 1 unit'],
    brand: 'Maker Power Solutions',
    target: 'Power lines circuits',
    min: 0.22e-6,
    max: 10e-6,
    steps: E6,
    applications: ['Industrial Equipment', 'Consumer equipment'],
    aec: false,
    shield: 'Magnetically shielded',
    density: 0.9,
    feature: 'Two coupled windings for SEPIC and multiphase converters.',
  },
];
