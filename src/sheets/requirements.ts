/*
 * The one run-time question the add-in asks about its host: does it support this requirement set?
 * Every Office member above the manifest's floor (manifest.xml `<Requirements>`) is used only under
 * `if (supports(set, version))` with a fallback beside it; scripts/requirement-sets.js recognises
 * these calls and test/manifest/requirement-sets.test.ts fails on a member that has none.
 */


/**
 * True when the host says it supports `set` at `version` or later. Outside Office (Node, a plain
 * browser page, a host whose office.js did not load) nothing is supported.
 */
export function supports(set: string, version: string): boolean {
  const office = (globalThis as { Office?: typeof Office }).Office;
  try {
    return office?.context?.requirements?.isSetSupported(set, version) ?? false;
  } catch {
    // office.js outside Office: the requirements object exists but its getters may throw.
    return false;
  }
}
