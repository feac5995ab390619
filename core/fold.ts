/** Text compared loosely: NFKC, case and surrounding spaces ignored (a header named in `--column`, a second source's name). */
export const foldCase = (value: unknown): string => String(value ?? '').normalize('NFKC').trim().toLowerCase();

/**
 * Text compared as words: NFKC, lower case, without the spaces and punctuation BOMs scatter in
 * headers and marks (`Mfr. Part No.` → `mfrpartno`, `Not fitted` → `notfitted`). `#`, `,` and `;`
 * stay: a part-number header's `#` means something; callers that ignore them strip them too.
 */
export const foldWords = (value: unknown): string => String(value ?? '').normalize('NFKC').toLowerCase().replace(/[\s._\-/\\:()[\]{}'"`*]+/g, '');
