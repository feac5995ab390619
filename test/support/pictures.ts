/**
 * Where tests put the pictures they take (taskpane screenshots, the printed summary, the HTML
 * report): a folder in the system's temp directory, so `npm test` leaves the checkout as it was.
 * `npm run docs:pictures` runs the same tests with PARTSPEC_PICTURES_DIR=docs/images to refresh
 * the documentation's pictures.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The pictures folder, made if needed. */
export function picturesDir(): string {
  const dir = path.resolve(process.env.PARTSPEC_PICTURES_DIR || path.join(tmpdir(), 'partspec-pictures'));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The path of the picture `name` (without extension), `.png` unless `ext` says otherwise. */
export function picturePath(name: string, ext = '.png'): string {
  return path.join(picturesDir(), `${name}${ext}`);
}
