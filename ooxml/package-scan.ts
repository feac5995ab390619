import type { OoxmlPackage } from './package-reader';
import type { ScanHandlers } from './xml-scan';

/*
 * Parts of an opened package read for what they name rather than for a patch: a part that is not
 * well-formed, passes the XML limits or is damaged is reported as unreadable (false, undefined),
 * so the caller names it instead of stopping.
 */

/** Walks a part; false when it could not be read (not well-formed, or past the XML limits). */
export function scanned(pkg: OoxmlPackage, part: string, handlers: ScanHandlers, lenient = false): boolean {
  try {
    pkg.scan(part, handlers, lenient);
    return true;
  } catch (error) {
    // Not well-formed, past the XML limits, or damaged: the caller names the part instead.
    if (error instanceof Error) return false;
    throw error;
  }
}

/** The attributes of a part's root element ({} when it cannot be read). */
export function rootAttributes(pkg: OoxmlPackage, part: string): Record<string, string> {
  let found: Record<string, string> = {};
  scanned(pkg, part, { open: (e) => void (e.path.length === 0 && (found = e.attributes)) });
  return found;
}

/** The attributes of every element of a part whose local name is one of `names`, by name. */
export function elementsNamed(pkg: OoxmlPackage, part: string, names: readonly string[]): Map<string, Record<string, string>[]> | undefined {
  const found = new Map<string, Record<string, string>[]>();
  const wanted = new Set(names);
  const read = scanned(pkg, part, {
    open: (e) => {
      if (!wanted.has(e.name)) return;
      const list = found.get(e.name) ?? [];
      list.push(e.attributes);
      found.set(e.name, list);
    },
  });
  return read ? found : undefined;
}
