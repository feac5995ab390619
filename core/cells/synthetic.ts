import { readValue, type ProductRecord } from '../../api/product';
import type { Lang } from '../../api/vocabulary';

/** A product the emulator decoded from a part number alone: its Notices start so. */
export function isSyntheticProduct(product: ProductRecord): boolean {
  const notices = readValue(product, 'Notices');
  return typeof notices === 'string' && notices.startsWith('Synthetic:');
}

/** True when a lookup found products and every one of them is synthetic, so nothing in the answer is the maker's data. */
export function isSyntheticMatch(products: readonly ProductRecord[]): boolean {
  return products.length > 0 && products.every(isSyntheticProduct);
}

/** The one note of a run that used synthetic answers, in `lang` (`partspec enrich` and the ribbon's notice say it; the pane in its own words). */
export function describeSyntheticAnswers(n: number, lang: Lang = 'en'): string {
  if (lang === 'ja') return `${n} 件の品番はエミュレーターの合成データで回答されました（照合「…（合成データ）」）。状態と日付は仮の値で、リスクは不明です。`;
  if (lang === 'zh') return `${n} 个型号由模拟器的合成数据回答（匹配“…（合成数据）”）：状态和日期为占位值，风险为未知。`;
  return `${n} part ${n === 1 ? 'number was' : 'numbers were'} answered with the emulator's synthetic data (Match '… (synthetic)'): status and dates are placeholders, Risk is Unknown.`;
}

/** What a synthetic product's status reads with on the PART.CARD card; the Status cell of an enrichment and `=PART.SPEC(A2, "Status")` hold the plain status. */
export const SYNTHETIC_STATUS_SUFFIX = ' (synthetic)';
