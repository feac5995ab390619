/** The surface-mount capacitor series and chip sizes the SMD generator draws from. */

/** Chip sizes: part-number code, mm and inch size codes, body in mm, thickness options in mm. */
export interface ChipSize {
  code: string;
  mm: string;
  inch: string;
  length: number;
  width: number;
  thicknesses: readonly number[];
  /** Largest X5R capacitance at 6.3 V, in F. */
  capacity: number;
  maxVolts: number;
}

export const SMD_SIZES: Readonly<Record<string, ChipSize>> = {
  '02': { code: '02', mm: '0402', inch: '01005', length: 0.4, width: 0.2, thicknesses: [0.2], capacity: 1e-7, maxVolts: 16 },
  '03': { code: '03', mm: '0603', inch: '0201', length: 0.6, width: 0.3, thicknesses: [0.3], capacity: 1e-6, maxVolts: 50 },
  '15': { code: '15', mm: '1005', inch: '0402', length: 1.0, width: 0.5, thicknesses: [0.5], capacity: 1e-5, maxVolts: 250 },
  '18': { code: '18', mm: '1608', inch: '0603', length: 1.6, width: 0.8, thicknesses: [0.8], capacity: 2.2e-5, maxVolts: 630 },
  '21': { code: '21', mm: '2012', inch: '0805', length: 2.0, width: 1.25, thicknesses: [0.6, 0.85, 1.25], capacity: 4.7e-5, maxVolts: 1000 },
  '31': { code: '31', mm: '3216', inch: '1206', length: 3.2, width: 1.6, thicknesses: [0.85, 1.15, 1.6], capacity: 1e-4, maxVolts: 3150 },
  '32': { code: '32', mm: '3225', inch: '1210', length: 3.2, width: 2.5, thicknesses: [1.6, 2.0, 2.5], capacity: 1e-4, maxVolts: 3150 },
  '43': { code: '43', mm: '4532', inch: '1812', length: 4.5, width: 3.2, thicknesses: [2.0, 2.5, 3.2], capacity: 1e-4, maxVolts: 3150 },
  '55': { code: '55', mm: '5750', inch: '2220', length: 5.7, width: 5.0, thicknesses: [2.0, 2.7], capacity: 1e-4, maxVolts: 3150 },
  // LW-reversed chips: the terminals are on the long sides.
  '52': { code: '52', mm: '0510', inch: '0204', length: 0.52, width: 1.0, thicknesses: [0.3], capacity: 2.2e-6, maxVolts: 16 },
  '81': { code: '81', mm: '0816', inch: '0306', length: 0.8, width: 1.6, thicknesses: [0.5], capacity: 1e-5, maxVolts: 25 },
};

export interface SmdSeries {
  code: string;
  productName: string;
  smdType: string;
  sizes: readonly string[];
  characteristics: readonly string[];
  voltages: readonly string[];
  applications: readonly string[];
  benefits: readonly string[];
  mounting?: readonly string[];
  aec: boolean;
  /** Fraction of the possible values the series offers. */
  density: number;
  recommended: string;
  caution?: readonly string[];
  ratedCurrent?: boolean;
  /** Extra thickness/termination variants per value. */
  variants?: number;
}

const CONSUMER = ['Consumer equipment', 'Industrial Equipment', 'Mobile Electronics'];
const AUTOMOTIVE = [
  'Automotive powertrain/safety equipment',
  'Automotive infotainment/comfort equipment',
  'Industrial Equipment',
  'Consumer equipment',
];
export const REFLOW_ONLY = ['Reflow soldering'];
export const REFLOW_AND_FLOW = ['Reflow soldering', 'Flow soldering'];
const NOT_FOR_AUTOMOTIVE = ['Not for automotive powertrain/safety equipment; ask Maker before such use.'];

export const SMD_SERIES: readonly SmdSeries[] = [
  {
    code: 'MCS',
    productName: 'Chip Multilayer Ceramic Capacitors for General Purpose',
    smdType: 'Two-terminal',
    sizes: ['02', '03', '15', '18', '21', '31', '32', '43', '55'],
    characteristics: ['X5R', 'X7R', 'X7S', 'X6S', 'B', 'R', 'F', 'C0G', 'CH'],
    voltages: ['4', '6.3', '10', '16', '25', '35', '50', '100', '250', '630', '1000', '2000', '3150'],
    applications: CONSUMER,
    benefits: [],
    aec: false,
    density: 0.72,
    recommended: 'Decoupling, smoothing and coupling in general electronic equipment',
    caution: NOT_FOR_AUTOMOTIVE,
    variants: 2,
  },
  {
    code: 'MCA',
    productName: 'Chip Multilayer Ceramic Capacitors for Automotive',
    smdType: 'Two-terminal',
    sizes: ['15', '18', '21', '31', '32', '43'],
    characteristics: ['X7R', 'X8R', 'X7S', 'X7T', 'X8L', 'C0G'],
    voltages: ['6.3', '10', '16', '25', '35', '50', '100', '250', '630', '1000'],
    applications: AUTOMOTIVE,
    benefits: [],
    aec: true,
    density: 0.7,
    recommended: 'Engine control units, ADAS, body electronics',
    variants: 2,
  },
  {
    code: 'MCJ',
    productName: 'Soft Termination Chip Multilayer Ceramic Capacitors',
    smdType: 'Two-terminal',
    sizes: ['18', '21', '31', '32', '43'],
    characteristics: ['X7R', 'X7S', 'C0G'],
    voltages: ['16', '25', '50', '100', '250', '630'],
    applications: ['Automotive infotainment/comfort equipment', 'Industrial Equipment'],
    benefits: ['Anti-crack while deflecting'],
    aec: true,
    density: 0.6,
    recommended: 'Boards exposed to bending: battery lines, large boards',
  },
  {
    code: 'MCQ',
    productName: 'High-Q Chip Multilayer Ceramic Capacitors',
    smdType: 'Two-terminal',
    sizes: ['03', '15', '18'],
    characteristics: ['C0G', 'CH'],
    voltages: ['25', '50', '250'],
    applications: ['Mobile Communication', 'Consumer equipment'],
    benefits: ['Low dissipation/HIQ'],
    aec: false,
    density: 0.9,
    recommended: 'RF matching, VCO and filter circuits',
  },
  {
    code: 'MCU',
    productName: 'Chip Capacitors without DC Bias Dependence',
    smdType: 'Two-terminal',
    sizes: ['15', '18', '21', '31'],
    characteristics: ['U2J', 'C0G'],
    voltages: ['25', '50', '100', '250'],
    applications: ['Consumer equipment', 'Industrial Equipment'],
    benefits: ['No DC bias Characteristics', 'Anti-noise, low distortion'],
    aec: false,
    density: 0.6,
    recommended: 'Audio and sensor circuits that need stable capacitance',
  },
  {
    code: 'MCL',
    productName: 'Low ESL Chip Multilayer Ceramic Capacitors',
    smdType: 'LW reversed',
    sizes: ['52', '81'],
    characteristics: ['X5R', 'X7R', 'X7S'],
    voltages: ['4', '6.3', '10', '16', '25'],
    applications: ['Mobile Electronics', 'Consumer equipment'],
    benefits: ['Low inductance'],
    aec: false,
    density: 0.8,
    recommended: 'Decoupling of processors and FPGAs',
  },
  {
    code: 'MCN',
    productName: 'Three-Terminal Capacitors for Noise Suppression',
    smdType: '3-Terminal Capacitors',
    sizes: ['15', '18', '21', '31'],
    characteristics: ['X5R', 'X7R', 'X7S', 'C0G'],
    voltages: ['4', '6.3', '10', '16', '25', '50'],
    applications: ['Consumer Electronics - Differential Transmission', 'Consumer equipment', 'Automotive [Ask Maker]'],
    benefits: ['Noise suppression', 'Low inductance'],
    aec: false,
    density: 0.7,
    recommended: 'Power-line noise suppression',
    ratedCurrent: true,
  },
  {
    code: 'MCT',
    productName: 'Metal Terminal Multilayer Ceramic Capacitors',
    smdType: 'Metal terminal',
    sizes: ['43', '55'],
    characteristics: ['X7R', 'C0G'],
    voltages: ['25', '50', '100', '250', '630', '1000'],
    applications: ['Industrial Equipment', 'Automotive powertrain/safety equipment'],
    benefits: ['Anti-crack while soldering', 'Anti-crack while deflecting'],
    aec: true,
    density: 0.8,
    recommended: 'Inverters and DC-DC converters with large boards',
  },
  {
    code: 'MCF',
    productName: 'Fail-Safe Chip Multilayer Ceramic Capacitors',
    smdType: 'Two-terminal',
    sizes: ['21', '31', '32'],
    characteristics: ['X7R', 'X7S'],
    voltages: ['25', '50', '100'],
    applications: ['Automotive powertrain/safety equipment', 'Industrial Equipment'],
    benefits: ['Fail safe', 'Anti-ion migration'],
    aec: true,
    density: 0.8,
    recommended: 'Battery lines where a short circuit must be avoided',
  },
  {
    code: 'MCM',
    productName: 'Chip Multilayer Ceramic Capacitors for Medical Equipment',
    smdType: 'Two-terminal',
    sizes: ['15', '18', '21'],
    characteristics: ['X7R', 'C0G'],
    voltages: ['16', '25', '50'],
    applications: ['Medical equipment [GHTF Class A/B]', 'Medical equipment [GHTF Class C]', 'Medical [Ask Maker]'],
    benefits: [],
    aec: false,
    density: 0.6,
    recommended: 'Medical devices not implanted in the body',
  },
  {
    code: 'MCY',
    productName: 'Capacitor Arrays',
    smdType: 'Array type',
    sizes: ['18', '21'],
    characteristics: ['X5R', 'X7R', 'C0G'],
    voltages: ['10', '16', '25', '50'],
    applications: ['Consumer equipment', 'HDD'],
    benefits: [],
    aec: false,
    density: 0.5,
    recommended: 'Bus lines and space-saving decoupling',
  },
  {
    code: 'MCX',
    productName: 'Multi-Terminal Low ESL Capacitors',
    smdType: 'Multi-terminal',
    sizes: ['18', '21'],
    characteristics: ['X5R', 'X7S'],
    voltages: ['4', '6.3', '10'],
    applications: ['Mobile Electronics'],
    benefits: ['Low inductance'],
    aec: false,
    density: 0.8,
    recommended: 'Processor power rails',
  },
  {
    code: 'MCB',
    productName: 'Capacitors for Wire Bonding',
    smdType: 'Top & bottom electrode',
    sizes: ['02', '03', '15'],
    characteristics: ['X7R', 'C0G'],
    voltages: ['16', '25', '50'],
    applications: ['Mobile Communication', 'Industrial Equipment'],
    benefits: [],
    mounting: ['Bonding', 'Conductive adhesive'],
    aec: false,
    density: 0.7,
    recommended: 'Optical modules and RF modules mounted by wire bonding',
  },
  {
    code: 'MCG',
    productName: 'Chip Capacitors on Substrates for Conductive Adhesive',
    smdType: 'On substrates',
    sizes: ['15', '18', '21'],
    characteristics: ['X7R', 'X8R'],
    voltages: ['16', '25', '50'],
    applications: ['Automotive powertrain/safety equipment'],
    benefits: [],
    mounting: ['Conductive adhesive'],
    aec: true,
    density: 0.6,
    recommended: 'Engine-room modules assembled with conductive adhesive',
  },
  {
    code: 'MCP',
    productName: 'Polymer Aluminium Capacitors',
    smdType: 'Polymer Capacitors',
    sizes: ['32', '43'],
    characteristics: ['X5R'],
    voltages: ['2000'],
    applications: ['Consumer equipment'],
    benefits: [],
    aec: false,
    density: 0.7,
    recommended: 'Bulk capacitance on power lines',
  },
  {
    code: 'MCR',
    productName: 'Resin Molded Capacitors',
    smdType: 'Resin molding',
    sizes: ['31', '32', '43'],
    characteristics: ['X7R', 'C0G'],
    voltages: ['250', '630', '1000'],
    applications: ['Industrial Equipment', 'Double feed detection'],
    benefits: ['Anti-ion migration'],
    aec: false,
    density: 0.7,
    recommended: 'High-humidity environments',
  },
];
