import type { ProductRecord } from '../product';
import type { CategoryFileOptions } from './category-file';

/**
 * `readCategoryFile`, loaded the first time a category file is read: its parsers (fflate, the
 * streaming JSON parser, papaparse) are most of the API core's weight, and the page Excel loads
 * for =PART.* functions must not fetch them before a cell is answered.
 */
export async function* readCategoryFileWhenNeeded(source: AsyncIterable<Uint8Array>, options: CategoryFileOptions = {}): AsyncGenerator<ProductRecord[]> {
  const { readCategoryFile } = await import(/* webpackChunkName: "category-file" */ './category-file');
  yield* readCategoryFile(source, options);
}
