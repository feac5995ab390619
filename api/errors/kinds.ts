const KINDS = Symbol.for('partspec.errorKinds');

/** A class of error that names its kind (`static readonly kind = 'AuthError'`). */
interface KindedClass {
  kind?: string;
}

/**
 * Marks an error with the kinds of its class and every parent class. The functions, the commands
 * and the taskpane are separate bundles, each with its own copy of these classes, yet they share
 * one client at run time; so the type guards read these marks instead of `instanceof`, which
 * would fail for an error made by another bundle's copy.
 */
export function markErrorKinds(error: Error, leaf: KindedClass & object): void {
  const kinds: string[] = [];
  for (let c: unknown = leaf; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) {
    if (Object.prototype.hasOwnProperty.call(c, 'kind')) kinds.push((c as KindedClass).kind!);
  }
  Object.defineProperty(error, KINDS, { value: kinds, enumerable: false });
}

/** True when the error is of this kind, whichever bundle's copy of the class made it. */
export function hasErrorKind(error: unknown, kind: string): boolean {
  const kinds = (error as { [KINDS]?: unknown } | null | undefined)?.[KINDS];
  return Array.isArray(kinds) && kinds.includes(kind);
}
