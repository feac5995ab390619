/*
 * The words BOM headers are recognised by, one list each, written as `foldWords` folds them (NFKC,
 * lower case, no spaces or punctuation except `#`). Part-number columns, manufacturer columns,
 * second sources and other makers' rows are all told apart with these lists, so a word added here
 * counts everywhere at once.
 */
import { foldWords } from '../fold';

/** The maker PartSpec serves, as sentences name it. */
export const MAKER_NAME = 'Murata';

/** The maker's name in the spellings BOMs use (Latin and local script), matched anywhere in a folded cell. */
export const MAKER_SPELLINGS: readonly string[] = [foldWords(MAKER_NAME), '村田', 'ムラタ', 'むらた'];

/** A header ending in one of these is a part-number column (`Mfr Part Number`, `MPN`, `P/N`). */
export const PART_ENDINGS: readonly string[] = ['partnumber', 'partnum', 'partno', 'part#', 'pn', 'mpn', 'p#', 'partnr', 'partcode', 'orderingcode', 'ordercode'];

/** CJK part-number words, matched anywhere in a header (`製造元品番`, `物料编号`, `产品型号`). */
export const PART_WORDS: readonly string[] = ['品番', '型番', '部品番号', '製品番号', '型号', '料号', '物料编号', '零件号', '零件编号', '部件号', '产品型号', '规格'];

/**
 * Words that say a header holds a number of some kind, not a name: with a maker word they make a
 * part-number header (`Manufacturer Part No.`, `厂家编号`), never a manufacturer column.
 */
export const NUMBER_WORDS: readonly string[] = ['part', 'pn', 'number', 'no', '#', '编号', '番号', ...PART_WORDS];

/**
 * Words that name the manufacturer: a header of these alone is the manufacturer column
 * (`Manufacturer`, `Brand`, `品牌`, `生产商`); with a part-number word the number is the maker's
 * (`製造元品番`, `Brand P/N`), preferred over a plain or internal one. Longer spellings first.
 */
export const MAKER_WORDS: readonly string[] = ['manufacturer', 'maker', 'mfr', 'mfg', 'vendor', 'brand', 'メーカー', 'メーカ', '製造元', '制造商', '生产商', '厂家', '厂商', '品牌'];

/** Words that say the number is a distributor's order number, not the maker's (scored down). */
export const DISTRIBUTOR_WORDS: readonly string[] = ['digikey', 'mouser', 'lcsc', 'farnell', 'newark', 'arrow', 'avnet', 'tme', 'distributor', 'supplier', 'sku', '供应商', '商社'];

/** Words that say the number is the company's own (least preferred). */
export const INTERNAL_WORDS: readonly string[] = ['internal', 'customer', 'company', 'our', 'cpn', 'ipn', '社内', '自社', '内部', '客户'];

/** Headers of the quantity per board, folded (`Qty`, `Quantity`, `数量`, `個数`, `用量`, `Menge`, `Pcs`). */
export const QUANTITY_WORDS: readonly string[] = ['qty', 'quantity', 'quantityperboard', 'qtyperboard', 'count', 'pcs', 'menge', 'anzahl', '数量', '個数', '員数', '用量', '使用数'];

/** Headers of the reference designators, folded (`Reference`, `Designator`, `RefDes`, `回路記号`, `位号`). */
export const DESIGNATOR_WORDS: readonly string[] = ['reference', 'references', 'ref', 'refs', 'refdes', 'designator', 'designators', 'referencedesignator', 'referencedesignators', 'parts', '回路記号', '部品記号', 'リファレンス', '位号', '位置号'];

/** Headers of a BOM's other columns, folded (`Item`, `Description`, `Value`, `Footprint`, `品名`, `描述`). */
export const OTHER_COLUMN_WORDS: readonly string[] = ['item', 'description', 'desc', 'value', 'footprint', 'package', 'comment', 'note', 'remark', 'category', 'type', '品名', '部品名', '備考', '描述', '名称', '备注', '封装'];

/** Whether a folded text contains one of `words`. */
export const containsWord = (folded: string, words: readonly string[]): boolean => words.some((w) => folded.includes(w));
