/*
 * What a downloaded file is, from its first bytes (never from its name or content type alone):
 * gzip, ZIP (an xlsx is a ZIP with an xl/ folder), or text in UTF-8 (with or without BOM) or
 * UTF-16 (by BOM, or by the zero bytes of ASCII text without one).
 */

export type Container = 'gzip' | 'zip' | 'text';
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Bytes needed to tell the kinds apart. */
export const SNIFF_BYTES = 4;

/** The container the first bytes announce. */
export function containerOf(head: Uint8Array): Container {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  return 'text';
}

/** The text encoding of the first bytes, and how many BOM bytes to skip. */
export function encodingOf(head: Uint8Array): { encoding: TextEncoding; bom: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  if (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0) return { encoding: 'utf-16le', bom: 0 };
  if (head.length >= 4 && head[0] === 0 && head[1] !== 0 && head[2] === 0 && head[3] !== 0) return { encoding: 'utf-16be', bom: 0 };
  return { encoding: 'utf-8', bom: 0 };
}

/** The first bytes in hex (`3C 21 44 4F`), for a sentence about a file that cannot be read. */
export function hexOf(head: Uint8Array, max = 12): string {
  return [...head.subarray(0, max)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

/** The first bytes as text a person can read: printable ASCII kept, anything else as `·`. */
export function printableOf(head: Uint8Array, max = 60): string {
  return [...head.subarray(0, max)].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '·')).join('');
}
