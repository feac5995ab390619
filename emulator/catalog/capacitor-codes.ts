/** Temperature characteristics and voltage ratings of ceramic capacitors, with their part-number codes. */
import { temperatureRange } from './common';
import { quantityText } from './numbers';

export interface TemperatureCharacteristic {
  code: string;
  name: string;
  standard: 'JIS' | 'EIA' | 'Maker';
  /** Class 1 (temperature compensating) or class 2 (high dielectric constant). */
  dielectricClass: 1 | 2;
  minTemp: number;
  maxTemp: number;
  /** Capacitance reachable relative to X5R in the same size and voltage. */
  capacityFactor: number;
}

export const TEMPERATURE_CHARACTERISTICS: Readonly<Record<string, TemperatureCharacteristic>> = {
  X5R: { code: 'R6', name: 'X5R', standard: 'EIA', dielectricClass: 2, minTemp: -55, maxTemp: 85, capacityFactor: 1 },
  X7R: { code: 'R7', name: 'X7R', standard: 'EIA', dielectricClass: 2, minTemp: -55, maxTemp: 125, capacityFactor: 0.45 },
  X7S: { code: 'C7', name: 'X7S', standard: 'EIA', dielectricClass: 2, minTemp: -55, maxTemp: 125, capacityFactor: 0.7 },
  X6S: { code: 'C8', name: 'X6S', standard: 'EIA', dielectricClass: 2, minTemp: -55, maxTemp: 105, capacityFactor: 0.9 },
  X7T: { code: 'D7', name: 'X7T', standard: 'EIA', dielectricClass: 2, minTemp: -55, maxTemp: 125, capacityFactor: 0.8 },
  X8R: { code: 'L8', name: 'X8R', standard: 'EIA', dielectricClass: 2, minTemp: -55, maxTemp: 150, capacityFactor: 0.2 },
  Y5V: { code: 'F5', name: 'Y5V', standard: 'EIA', dielectricClass: 2, minTemp: -30, maxTemp: 85, capacityFactor: 2 },
  B: { code: 'B1', name: 'B', standard: 'JIS', dielectricClass: 2, minTemp: -25, maxTemp: 85, capacityFactor: 0.9 },
  R: { code: 'R1', name: 'R', standard: 'JIS', dielectricClass: 2, minTemp: -55, maxTemp: 125, capacityFactor: 0.45 },
  F: { code: 'F1', name: 'F', standard: 'JIS', dielectricClass: 2, minTemp: -25, maxTemp: 85, capacityFactor: 2 },
  E: { code: 'E1', name: 'E', standard: 'JIS', dielectricClass: 2, minTemp: -25, maxTemp: 85, capacityFactor: 1.5 },
  X8L: { code: 'L9', name: 'X8L', standard: 'Maker', dielectricClass: 2, minTemp: -55, maxTemp: 150, capacityFactor: 0.35 },
  ZLM: { code: 'ZL', name: 'ZLM', standard: 'Maker', dielectricClass: 2, minTemp: -55, maxTemp: 125, capacityFactor: 0.3 },
  C0G: { code: '5C', name: 'C0G', standard: 'EIA', dielectricClass: 1, minTemp: -55, maxTemp: 125, capacityFactor: 1 },
  U2J: { code: '7U', name: 'U2J', standard: 'EIA', dielectricClass: 1, minTemp: -55, maxTemp: 125, capacityFactor: 2.5 },
  CH: { code: '2C', name: 'CH', standard: 'JIS', dielectricClass: 1, minTemp: -55, maxTemp: 125, capacityFactor: 1 },
  SL: { code: '1X', name: 'SL', standard: 'JIS', dielectricClass: 1, minTemp: -25, maxTemp: 85, capacityFactor: 1.5 },
};

export interface VoltageRating {
  code: string;
  volts: number;
  cls: 'DC' | 'AC';
}

/** A DC rating and its part-number code. */
export const dc = (code: string, volts: number): VoltageRating => ({ code, volts, cls: 'DC' });
const ac = (code: string, volts: number): VoltageRating => ({ code, volts, cls: 'AC' });

export const VOLTAGES: Readonly<Record<string, VoltageRating>> = {
  '4': dc('0G', 4),
  '6.3': dc('0J', 6.3),
  '10': dc('1A', 10),
  '16': dc('1C', 16),
  '25': dc('1E', 25),
  '35': dc('YA', 35),
  '50': dc('1H', 50),
  '100': dc('2A', 100),
  '250': dc('2E', 250),
  '630': dc('2J', 630),
  '1000': dc('3A', 1000),
  '2000': dc('3D', 2000),
  '3150': dc('3F', 3150),
  '6300': dc('3J', 6300),
  '10000': dc('4A', 10000),
  '20000': dc('4D', 20000),
  '40000': dc('4G', 40000),
  '250AC': ac('A2', 250),
  '300AC': ac('A3', 300),
  '440AC': ac('A4', 440),
};

/** Text of a rated voltage as printed: `50Vdc`, `250Vac`, `6.3kVdc`. */
function voltageText(v: VoltageRating): string {
  const value = v.volts >= 1000 ? `${v.volts / 1000}kV` : `${v.volts}V`;
  return `${value}${v.cls === 'DC' ? 'dc' : 'ac'}`;
}

/** The electrical Specs every ceramic capacitor carries, SMD or leaded, with their text forms. */
export function capacitorSpecs(farads: number, tolerance: string, voltage: VoltageRating, tc: TemperatureCharacteristic): Record<string, string | number> {
  return {
    'Specs.Capacitance': farads,
    'Specs.CapacitanceText': quantityText(farads, 'F'),
    'Specs.ToleranceCapacitance': tolerance,
    'Specs.RatedVoltageClass': voltage.cls,
    'Specs.RatedVoltage': voltage.volts,
    'Specs.RatedVoltageText': voltageText(voltage),
    'Specs.TemperatureCharacteristicsCompliedStandard': tc.standard,
    'Specs.TemperatureCharacteristics': tc.name,
    'Specs.MaxOperatingTemperature': tc.maxTemp,
    'Specs.MaxOperatingTemperatureText': `${tc.maxTemp}°C`,
    'Specs.OperatingTemperatureRange': temperatureRange(tc.minTemp, tc.maxTemp),
  };
}

/** Tolerances offered for a capacitance of a characteristic. */
export function capacitanceTolerances(tc: TemperatureCharacteristic, farads: number): string[] {
  if (tc.dielectricClass === 1) {
    if (farads <= 5e-12) return ['±0.1pF', '±0.25pF'];
    if (farads < 10e-12) return ['±0.25pF', '±0.5pF'];
    return ['±5%', '±2%'];
  }
  if (tc.name === 'F' || tc.name === 'Y5V') return ['+80%/-20%', '±20%'];
  return ['±10%', '±20%'];
}
