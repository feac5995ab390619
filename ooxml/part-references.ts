import { posix } from 'node:path';
import { RelationshipsPart } from './package-parts';
import { UnsafeWriteError } from './sheet-patch';

/*
 * Which relationships point at which parts, across the whole package, so that a patch never
 * writes one part for another and never removes a part something else still uses. Relationships
 * are the attacker's to write: a shared-strings relationship may name the worksheet, a
 * calculation chain's own relationships may name the workbook. Read once per patch: every
 * `_rels/*.rels` part of the package, each small.
 */

/** A part the patch writes or keeps, and what it is to the workbook ("sheet 'BOM'"). */
export interface PartRole {
  path: string;
  role: string;
}

/** Why a package is not patched: its relationships alias parts (one sentence's reason). */
class AliasedPartError extends UnsafeWriteError {
  override readonly name = 'AliasedPartError';
}

/** True for a relationships part or the content types, which no relationship may name. */
function isPackagePart(path: string): boolean {
  return path === '[Content_Types].xml' || path.endsWith('.rels') || posix.basename(posix.dirname(path)) === '_rels';
}

/** The internal targets of every relationships part: target → the relationships parts naming it (one entry per relationship). */
export class PartReferences {
  private readonly sources = new Map<string, string[]>();

  constructor(names: readonly string[], text: (path: string) => string | undefined) {
    for (const name of names) {
      if (!name.endsWith('.rels') || posix.basename(posix.dirname(name)) !== '_rels') continue;
      const dir = posix.dirname(posix.dirname(name));
      const base = name === '_rels/.rels' ? '' : posix.basename(name).slice(0, -'.rels'.length);
      const rels = new RelationshipsPart(dir === '.' ? base : `${dir}/${base}`, text(name));
      for (const r of rels.list) {
        if (r.external) continue;
        if (isPackagePart(r.path)) throw new AliasedPartError(`a relationship in ${name} names the package's own part ${r.path}`);
        const list = this.sources.get(r.path) ?? [];
        list.push(name);
        this.sources.set(r.path, list);
      }
    }
  }

  /** The relationships parts whose relationships name `path` (one entry per relationship). */
  sourcesOf(path: string): readonly string[] {
    return this.sources.get(path) ?? [];
  }

  /**
   * Refuses parts the patch writes that are one part under two roles, that lie outside the
   * package, or that more than one relationship names (a shared-strings relationship pointing at
   * the worksheet would have the strings written over it).
   */
  checkWritten(parts: readonly PartRole[]): void {
    const roles = new Map<string, string>();
    for (const { path, role } of parts) {
      if (path === '..' || path.startsWith('../') || path.startsWith('/')) throw new AliasedPartError(`${role} points outside the package (${path})`);
      const other = roles.get(path);
      if (other !== undefined && other !== role) throw new AliasedPartError(`its relationships make ${path} both ${other} and ${role}`);
      roles.set(path, role);
      const named = this.sourcesOf(path).length;
      if (named > 1) throw new AliasedPartError(`${named} relationships name ${path} (${role}), which partspec writes`);
    }
  }

  /**
   * What leaving out `path` also leaves out: the parts its own relationships reach that nothing
   * else names (a VBA project's signature), never a part another relationship uses.
   */
  onlyReachedFrom(path: string, own: RelationshipsPart, kept: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const r of own.list) {
      if (r.external || kept.has(r.path)) continue;
      if (this.sourcesOf(r.path).every((source) => source === own.path)) out.push(r.path);
    }
    return out.filter((p) => p !== path);
  }
}
