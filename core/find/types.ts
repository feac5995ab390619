/*
 * The shapes of "find the maker's part for a BOM line": what a line says (Understood), the
 * constraints the API is asked with, and the answer (candidates, or a sentence why there are none).
 * Plain data, so the command line prints it as JSON and an assistant's tool returns it as it is.
 */
import type { ProductRecord } from '../../api/product';

/** What kind of part a line is about; only ceramic capacitors and inductors are the maker's kinds. */
export type PartKind =
  | 'ceramicCapacitor'
  | 'inductor'
  | 'resistor'
  | 'electrolytic'
  | 'tantalum'
  | 'filmCapacitor'
  | 'bead'
  | 'crystal'
  | 'diode'
  | 'transistor'
  | 'ic'
  | 'connector'
  | 'other';

/** The kinds the API can answer. */
export const MAKER_KINDS: readonly PartKind[] = ['ceramicCapacitor', 'inductor'];

/** A tolerance as written: ±10 % or ±0.25 pF (an absolute one, in SI units: F or H). */
export interface Tolerance {
  value: number;
  unit: '%' | 'F' | 'H';
}

/** A body size: the inch code (0402) and the metric one (1005) where a standard code exists. */
export interface BodySize {
  inch?: string;
  mm?: string;
}

/** Another maker's part number, decoded by one of the numbering tables. */
export interface DecodedNumber {
  partno: string;
  maker: string;
  /** The maker's line (`CL`, `GRM-like general purpose`, `SRN`). */
  line: string;
}

/** What PartSpec understood a BOM line to ask for. Absent fields were not stated. */
export interface Understood {
  kind?: PartKind;
  /** F. */
  capacitance?: number;
  /** H. */
  inductance?: number;
  /** The rated voltage must be at least this, V. */
  voltage?: number;
  /** A leaded (through-hole) ceramic capacitor: disc, radial, 2.54 / 5.08 mm pitch, another maker's leaded series. */
  leaded?: boolean;
  /** A leaded part's lead spacing, m (2.54 mm is read as the 2.5 mm the API writes). */
  leadSpace?: number;
  /** Temperature characteristic as the API writes it (X7R, C0G). */
  characteristic?: string;
  size?: BodySize;
  /** The tolerance must be this or tighter. */
  tolerance?: Tolerance;
  /** The rated current must be at least this, A. */
  current?: number;
  /** The line, the BOM or the user asks for automotive grade (AEC-Q200). */
  automotive?: boolean;
  /** Set when the line held another maker's part number that a numbering table decoded. */
  decoded?: DecodedNumber;
}

/** One line of a BOM, as text (all its cells joined) or by its fields. */
export type FindLine = string | { text: string; designator?: string };

/** One candidate, closest fit first. */
export interface FindCandidate {
  Partno: string;
  /** Why it is proposed, one line in the user's language. */
  why: string;
  product: ProductRecord;
}

/** The answer for one line. */
export interface FindAnswer {
  input: string;
  understood: Understood;
  /** `understood` in the user's language, for a person to check. */
  understoodText: string;
  candidates: FindCandidate[];
  /** How many parts fit (at least; `more` when the service had more than it returned). */
  fitting: number;
  more: boolean;
  /** A sentence: why there is no candidate, or why the line is too vague to pin one part down. */
  reason?: string;
}
