/**
 * Checks that a text BOM written back by an enrichment changed nothing but the added columns:
 * the output has the same lines with the same line ends, and each output line is the original
 * line's bytes followed by nothing or by a delimiter and the new cells. Lines are split on the
 * bytes themselves (UTF-16 as 16-bit units), independently of the reader under test.
 */
import { useEmulatorHome, type EmulatorHome } from './helpers';

/** The emulator and a temporary home (see useEmulatorHome), and three of the emulator's part numbers. */
export function useTextBomWorld(): EmulatorHome & { parts: string[] } {
  const world = useEmulatorHome() as EmulatorHome & { parts: string[] };
  beforeAll(() => {
    world.parts = world.emulator.catalog.byGroup.SMD.slice(3, 6).map((p) => p.values.Partno as string);
  });
  return world;
}

export interface LineSplit {
  content: string;
  end: string;
}

/** Lines of a file's bytes with their line ends; UTF-16 is taken as 16-bit units, anything else as bytes. */
export function splitLines(bytes: Buffer, encoding: 'bytes' | 'utf-16le' | 'utf-16be'): LineSplit[] {
  let text: string;
  if (encoding === 'bytes') text = bytes.toString('latin1');
  else if (encoding === 'utf-16le') text = bytes.toString('utf16le');
  else text = Buffer.from(bytes).swap16().toString('utf16le');
  const lines: LineSplit[] = [];
  const pattern = /([^\r\n]*)(\r\n|\n|\r|$)/g;
  for (const m of text.matchAll(pattern)) {
    if (m[0] === '' && m.index === text.length) break;
    lines.push({ content: m[1], end: m[2] });
  }
  return lines;
}

/**
 * The added text of each line (empty when the line was left alone), after asserting that every
 * original line is kept with its line end and only appended to, starting with `delimiter`.
 */
export function appendedParts(original: Buffer, output: Buffer, delimiter: string, encoding: 'bytes' | 'utf-16le' | 'utf-16be' = 'bytes', skip = 0): string[] {
  const before = splitLines(original.subarray(skip), encoding);
  const after = splitLines(output.subarray(skip), encoding);
  expect(output.subarray(0, skip).equals(original.subarray(0, skip))).toBe(true);
  expect(after.map((l) => l.end)).toEqual(before.map((l) => l.end));
  const parts: string[] = [];
  const changed: { line: number; before: string; after: string }[] = [];
  before.forEach((line, i) => {
    const out = after[i].content;
    const rest = out.slice(line.content.length);
    if (!out.startsWith(line.content) || (rest !== '' && !rest.startsWith(delimiter))) changed.push({ line: i + 1, before: line.content, after: out });
    parts.push(rest);
  });
  // Every line at once: one expectation per line would cost seconds on a long file.
  expect(changed.slice(0, 3)).toEqual([]);
  return parts;
}
