import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder that holds PartSpec's package.json: the clone when running from the TypeScript
 * sources, the installed package when running the compiled code (build/node/… inside it). Files
 * that ship beside the code (package.json, the built add-in in dist/) are found from here, so the
 * same code works from either place.
 */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}
