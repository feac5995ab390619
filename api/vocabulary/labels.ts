import type { Lang } from './constants';
import type { FieldDef } from './fields';
import type { CategoryId } from './categories';

/**
 * What people read for each field: its display name in English, Japanese and Chinese, for every
 * header, table, chart and field list. The API's own name (`SizecodeInch`) stays the identifier
 * (in `--fields`, JSON, tooltips); a display name never holds ASCII brackets, because a header's
 * unit goes in them (`Rated voltage (V)`).
 */
type Names = Readonly<Record<Lang, string>>;

const n = (en: string, ja: string, zh: string): Names => ({ en, ja, zh });

/** Display names by field name; a `…Text` companion is named after its number (see fieldLabel). */
const FIELD_LABELS: Readonly<Record<string, Names>> = {
  Manufacturer: n('Manufacturer', 'メーカー', '制造商'),
  Lv1Category: n('Category', 'カテゴリ', '类别'),
  Lv2Category: n('Subcategory', 'サブカテゴリ', '子类别'),
  Lv3Category: n('Product type', '製品タイプ', '产品类型'),
  Partno: n('Part number', '品番', '型号'),
  PartnoWithoutPackageCode: n('Part number without package code', '品番・包装コードなし', '型号·不含包装代码'),
  Status: n('Status', 'ステータス', '状态'),
  NewProduct: n('New product', '新製品', '新产品'),
  LastBuyDate: n('Last buy date', '最終購入日', '最后购买日期'),
  AlternativePartno: n('Alternative part numbers', '代替品番', '替代型号'),
  PackageType: n('Package', '包装', '包装'),
  MinOrderQuantity: n('Minimum order quantity', '最小発注数量', '最小订购量'),
  Application: n('Application', '用途', '用途'),
  RecommendedApplication: n('Recommended application', '推奨用途', '推荐用途'),
  ProductDetailUrl: n('Product page', '製品詳細ページ', '产品详情页'),
  SampleRequestUrl: n('Sample request', 'サンプル依頼', '样品申请'),
  MSL: n('Moisture sensitivity level', '耐湿性レベル', '湿敏等级'),
  ProductName: n('Product name', '製品名', '产品名称'),
  Notices: n('Notices', 'お知らせ', '通知'),
  ProductionEndDate: n('Production end date', '生産終了日', '停产日期'),
  Benefits: n('Benefits', '特長', '优势'),
  Standard: n('Standard', '規格', '标准'),
  Mounting: n('Mounting', '実装方法', '安装方式'),
  Caution: n('Caution', '注意事項', '注意事项'),
  Brand: n('Brand', 'ブランド', '品牌'),
  Series: n('Series', 'シリーズ', '系列'),
  Soldering: n('Soldering', 'はんだ付け', '焊接'),
  MagneticShieldClass: n('Magnetic shielding', '磁気シールド', '磁屏蔽'),
  DcResistanceCenterValues: n('Typical DC resistance', '直流抵抗・中心値', '直流电阻·中心值'),
  FeatureText: n('Features', '特徴', '特点'),
  TargetCircuitCategory: n('Target circuit', '対象回路', '目标电路'),
  Construction: n('Construction', '構造', '结构'),
  AecQ200Support: n('AEC-Q200', 'AEC-Q200対応', 'AEC-Q200'),
  Rohs: n('RoHS', 'RoHS', 'RoHS'),
  Reach: n('REACH', 'REACH', 'REACH'),
  LeadFree: n('Lead free', '鉛フリー', '无铅'),
  SvhcDocumentUrl: n('SVHC document', 'SVHC資料', 'SVHC文件'),
  ReferenceMass: n('Mass', '質量', '质量'),
  Length: n('Length', '長さ', '长度'),
  Width: n('Width', '幅', '宽度'),
  Thickness: n('Thickness', '厚み', '厚度'),
  ThicknessMax: n('Max. thickness', '厚み・最大', '最大厚度'),
  OuterDiameter: n('Outer diameter', '外径', '外径'),
  LeadSpace: n('Lead spacing', 'リード間隔', '引线间距'),
  LeadDiameter: n('Lead diameter', 'リード径', '引线直径'),
  SizecodeMm: n('Metric size code', 'サイズコード・mm', '尺寸代码·mm'),
  SizecodeInch: n('Inch size code', 'サイズコード・インチ', '尺寸代码·英寸'),
  SmdType: n('SMD shape', 'SMD形状', 'SMD形状'),
  Capacitance: n('Capacitance', '静電容量', '电容'),
  ToleranceCapacitance: n('Capacitance tolerance', '静電容量許容差', '电容容差'),
  RatedVoltageClass: n('AC or DC', '定格電圧区分', '额定电压类别'),
  RatedVoltage: n('Rated voltage', '定格電圧', '额定电压'),
  TemperatureCharacteristicsCompliedStandard: n('Temperature characteristic standard', '温度特性の規格', '温度特性标准'),
  TemperatureCharacteristics: n('Temperature characteristic', '温度特性', '温度特性'),
  MaxOperatingTemperature: n('Max. operating temperature', '最高使用温度', '最高工作温度'),
  Inductance: n('Inductance', 'インダクタンス', '电感'),
  InductanceTolerance: n('Inductance tolerance', 'インダクタンス許容差', '电感容差'),
  RatedCurrent: n('Rated current', '定格電流', '额定电流'),
  RatedCurrentItemp: n('Rated current by temperature rise', '定格電流・温度上昇', '额定电流·温升'),
  RatedCurrentIsat: n('Saturation current', '定格電流・飽和', '额定电流·饱和'),
  RdcMax: n('Max. DC resistance', '直流抵抗・最大', '最大直流电阻'),
  SrfMin: n('Min. self-resonant frequency', '自己共振周波数・最小', '最小自谐振频率'),
  Dimension: n('Body size', '寸法', '尺寸'),
  OperatingTemperatureRange: n('Operating temperature range', '使用温度範囲', '工作温度范围'),
  OperatingTemperatureRangeIncludingSelfRise: n('Operating temperature range with self-heating', '使用温度範囲・自己温度上昇を含む', '工作温度范围·含自身温升'),
  OperatingTemperatureRangeNotIncludingSelfRise: n('Operating temperature range without self-heating', '使用温度範囲・自己温度上昇を含まない', '工作温度范围·不含自身温升'),
  QMin: n('Min. Q', 'Q・最小', '最小Q值'),
  QTestFrequency: n('Q test frequency', 'Q測定周波数', 'Q测试频率'),
  PartNumbering: n('Part numbering', '品番構成', '型号说明'),
  Dimensions: n('Dimension drawing', '外形寸法図', '外形尺寸图'),
  Appearance: n('Appearance', '外観', '外观'),
  SpecificationsSheet: n('Specification sheet', '仕様書', '规格书'),
  RohsDirectiveCertificateUrl: n('RoHS certificate', 'RoHS証明書', 'RoHS证书'),
  ReachDeclarationDocumentUrl: n('REACH declaration', 'REACH宣言書', 'REACH声明'),
  ConflictMineralsReportDocumentUrl: n('Conflict minerals report', '紛争鉱物報告書', '冲突矿产报告'),
  StructuralDrawings: n('Structure drawing', '構造図', '结构图'),
  ReliabilityTestData: n('Reliability test data', '信頼性試験データ', '可靠性试验数据'),
  SafetyCertificates: n('Safety certificates', '安全規格認定書', '安全认证'),
};

/** How a `…Text` companion reads after its number's name. */
const TEXT_SUFFIX: Names = n(' as written', '・表記', '·文字');

/**
 * The display name of a field in a language (`Rated voltage`, `定格電圧`, `额定电压`); a field the
 * table does not name (none in v2.2) reads as its API name.
 */
export function fieldLabel(field: Pick<FieldDef, 'name' | 'textOf'>, lang: Lang = 'en'): string {
  if (field.textOf) {
    const base = FIELD_LABELS[field.textOf];
    return base ? `${base[lang]}${TEXT_SUFFIX[lang]}` : field.name;
  }
  return FIELD_LABELS[field.name]?.[lang] ?? field.name;
}

/** Every display name of a field, in every language (so a header written in any of them is read back). */
export function fieldLabels(field: Pick<FieldDef, 'name' | 'textOf'>): string[] {
  return (['en', 'ja', 'zh'] as const).map((lang) => fieldLabel(field, lang));
}

/** Names of the categories for people, as the sheet of an import or a download is named. */
const CATEGORY_LABELS: Readonly<Record<CategoryId, Names>> = {
  ceramicCapacitors: n('Ceramic capacitors', 'セラミックコンデンサ', '陶瓷电容器'),
  ceramicCapacitorsSMD: n('Ceramic capacitors SMD', 'セラミックコンデンサ SMD', '陶瓷电容器 SMD'),
  ceramicCapacitorsLead: n('Ceramic capacitors leaded', 'セラミックコンデンサ リード', '陶瓷电容器 引线'),
  inductors: n('Inductors', 'インダクタ', '电感器'),
};

/** A category's name in a language (`Ceramic capacitors SMD`, `インダクタ`), never its API identifier. */
export function categoryLabel(category: CategoryId, lang: Lang = 'en'): string {
  return CATEGORY_LABELS[category][lang];
}
