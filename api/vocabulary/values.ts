import type { Lang } from './constants';

/** One allowed value of a list-valued field, in the three languages. */
export interface AllowedValue {
  en: string;
  ja: string;
  zh: string;
}

const same = (v: string): AllowedValue => ({ en: v, ja: v, zh: v });

/**
 * The spec's "Allowed values of list-valued fields" tables. In a filter these fields accept only
 * these values, written in the language chosen by `lang`; responses carry them in that language.
 * The maker's name is written as the neutral word Maker, as the spec does.
 */
export const ALLOWED_VALUES = {
  Status: [
    { en: 'Under Development', ja: '開発中', zh: '开发中' },
    { en: 'In Production', ja: '生産中', zh: '目前生产' },
    same('NRND'),
    { en: 'To be discontinued', ja: '生産中止予定', zh: '计划停产' },
    { en: 'Discontinued', ja: '生産中止', zh: '已经停产' },
  ],
  Standard: [
    { en: 'Certified by safety standard', ja: '安全規格認定品', zh: '安全规格认证品' },
    {
      en: 'Based on the Electrical Appliance and Material Safety Law of Japan',
      ja: '電気用品安全法準拠品',
      zh: '符合日本国内电气用品安全法',
    },
  ],
  Mounting: [
    { en: 'Reflow soldering', ja: 'リフローはんだ', zh: '回流焊接' },
    { en: 'Flow soldering', ja: 'フローはんだ', zh: '波峰焊接' },
    { en: 'Bonding', ja: 'ボンディング', zh: '结合' },
    { en: 'Welding', ja: '溶接', zh: '焊接' },
    { en: 'Fixing with screws', ja: 'ねじ止め', zh: '螺丝固定' },
    { en: 'Conductive adhesive', ja: '導電性接着剤', zh: '导电性粘合剂' },
  ],
  RatedVoltageClass: [same('AC'), same('DC')],
  TemperatureCharacteristicsCompliedStandard: [same('JIS'), same('EIA'), same('Maker')],
  Brand: [same('Maker'), same('Maker Power Solutions')],
  Application: [
    { en: 'Consumer equipment', ja: '民生機器', zh: '民用设备' },
    { en: 'Industrial Equipment', ja: '産業機器', zh: '工业设备' },
    {
      en: 'Automotive infotainment/comfort equipment',
      ja: '自動車用インフォテインメント/コンフォート機器',
      zh: '汽车信息娱乐/舒适设备',
    },
    {
      en: 'Automotive powertrain/safety equipment',
      ja: '自動車用パワートレイン/セーフティ機器',
      zh: '汽车动力总成/安全设备',
    },
    { en: 'Medical equipment [GHTF Class C]', ja: '医療機器-クラスC', zh: '医疗设备-C类' },
    { en: 'Medical equipment [GHTF Class D]', ja: '医療機器-クラスD', zh: '医疗设备-D类' },
    { en: 'Medical equipment [GHTF Class A/B]', ja: '医療機器-クラス A/B', zh: '医疗设备 [GHTF A/B类]' },
    { en: 'Mobile Electronics', ja: 'モバイル機器', zh: '移动设备' },
    { en: 'Mobile Communication', ja: 'モバイル通信', zh: '移动通讯' },
    {
      en: 'Consumer Electronics - Differential Transmission',
      ja: '民生機器-差動伝送',
      zh: '民用设备-差分传输',
    },
    { en: 'HDD', ja: 'HDD', zh: '硬盘' },
    { en: 'Double feed detection', ja: '重送検知', zh: '检测重新发送' },
    // The spec describes these two ja/zh forms only in words ("inquiry required", with the maker's
    // name); we spell them with the neutral word Maker like every other value.
    { en: 'Automotive [Ask Maker]', ja: '車載用途[Makerへ要問合せ]', zh: '汽车用途[需咨询Maker]' },
    { en: 'Medical [Ask Maker]', ja: '医療用途[Makerへ要問合せ]', zh: '医疗用途[需咨询Maker]' },
  ],
  Benefits: [
    { en: 'Withstands voltage of 10-40 kV', ja: '10-40kVの耐圧', zh: '10-40kV的耐电压' },
    { en: 'Low dissipation/HIQ', ja: '低損失/High Q', zh: '低损耗/High Q' },
    { en: 'Low inductance', ja: '低インダクタンス', zh: '低电感' },
    { en: 'Anti-noise, low distortion', ja: '鳴き対策・低歪', zh: '啸叫对策/低失真' },
    { en: 'Fail safe', ja: 'フェールセーフ', zh: '防故障功能' },
    { en: 'Anti-crack while deflecting', ja: 'たわみクラック対策', zh: '弯曲裂纹对策' },
    { en: 'Anti-crack while soldering', ja: 'はんだクラック抑制', zh: '减少焊接裂纹' },
    { en: 'No DC bias Characteristics', ja: 'DCバイアス依存無し', zh: '无直流偏置依赖性' },
    { en: 'Anti-ion migration', ja: 'イオンマイグレーション抑制品', zh: '抑制离子移动的产品' },
    { en: 'Noise suppression', ja: 'ノイズ対策', zh: '静噪' },
  ],
  SmdType: [
    { en: 'Two-terminal', ja: '2端子', zh: '2端子' },
    { en: 'Metal terminal', ja: '金属端子', zh: '金属端子' },
    { en: 'Multi-terminal', ja: '多端子', zh: '多端子' },
    { en: 'LW reversed', ja: 'LW逆転', zh: 'LW逆转型' },
    { en: 'Array type', ja: 'アレイ型', zh: '排容型' },
    { en: 'Top & bottom electrode', ja: '上下電極', zh: '上下电极' },
    { en: 'On substrates', ja: '基板付き', zh: '基板贴装' },
    { en: 'Polymer Capacitors', ja: '高分子コンデンサ', zh: '聚合物电容器' },
    { en: '3-Terminal Capacitors', ja: '3端子コンデンサ', zh: '三端子电容器' },
    { en: 'Resin molding', ja: '樹脂モールド', zh: '树脂封装' },
  ],
  TargetCircuitCategory: [
    { en: 'Power lines circuits', ja: '電源系回路', zh: '电源线回路' },
    { en: 'General circuits', ja: '一般回路', zh: '一般回路' },
    { en: 'High frequency circuits', ja: '高周波回路', zh: '高频回路' },
  ],
  Construction: [
    { en: 'Wire wound type (Ferrite)', ja: '巻線フェライトコア', zh: '绕线型铁氧体磁珠' },
    { en: 'Wire wound type (Non mag)', ja: '巻線非磁性コア', zh: '绕线型非磁性芯' },
    { en: 'Wire wound type (Metal)', ja: '巻線メタルアロイコア', zh: '绕线型金属合金磁珠' },
    { en: 'Film type', ja: 'フィルムタイプ', zh: '薄膜型' },
    { en: 'Multilayer type', ja: '積層タイプ', zh: '多层型' },
    { en: '2 coils in 1 unit', ja: '2in1インダクタ', zh: '2in1电感器' },
  ],
} as const satisfies Record<string, readonly AllowedValue[]>;

/** Names of the list-valued fields (the spec's filter rule 1). */
export type ListFieldName = keyof typeof ALLOWED_VALUES;
export const LIST_FIELD_NAMES = Object.keys(ALLOWED_VALUES) as ListFieldName[];

export function isListFieldName(name: string): name is ListFieldName {
  return Object.prototype.hasOwnProperty.call(ALLOWED_VALUES, name);
}

/** The allowed values of a list-valued field in one language. */
export function allowedValues(field: ListFieldName, lang: Lang): string[] {
  return ALLOWED_VALUES[field].map((v) => v[lang]);
}

/**
 * Translates a list value from one language to another; a value that is not in the table comes
 * back unchanged (free text is never invented).
 */
export function translateValue(field: ListFieldName, value: string, from: Lang, to: Lang): string {
  const row = (ALLOWED_VALUES[field] as readonly AllowedValue[]).find((v) => v[from] === value);
  return row ? row[to] : value;
}

/** The language-neutral row of a list value written in any language, or undefined. */
export function findAllowedValue(field: ListFieldName, value: string): AllowedValue | undefined {
  return (ALLOWED_VALUES[field] as readonly AllowedValue[]).find(
    (v) => v.en === value || v.ja === value || v.zh === value,
  );
}
