// Demo districts: China's provincial-level divisions (GB/T 2260) with the cities of four of them.
import { type Row, defineSeed } from '@srm/platform';
import { flattenUpload } from './district.upload';

interface DistrictSeed {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string;
  readonly postalCode?: string;
  readonly children?: readonly DistrictSeed[];
}

const d = (
  code: string,
  name: string,
  nameEn: string,
  postalCode?: string,
  children?: DistrictSeed[],
): DistrictSeed => ({
  code,
  name,
  nameEn,
  ...(postalCode ? { postalCode } : {}),
  ...(children ? { children } : {}),
});

/** China's provincial-level divisions (GB/T 2260 codes), with cities of four of them. */
export const CHINA_DISTRICTS: readonly DistrictSeed[] = [
  d('110000', '北京市', 'Beijing', '100000'),
  d('120000', '天津市', 'Tianjin', '300000'),
  d('130000', '河北省', 'Hebei'),
  d('140000', '山西省', 'Shanxi'),
  d('150000', '内蒙古自治区', 'Inner Mongolia'),
  d('210000', '辽宁省', 'Liaoning'),
  d('220000', '吉林省', 'Jilin'),
  d('230000', '黑龙江省', 'Heilongjiang'),
  d('310000', '上海市', 'Shanghai', '200000', [
    d('310100', '上海市', 'Shanghai City', '200000', [
      d('310101', '黄浦区', 'Huangpu District'),
      d('310104', '徐汇区', 'Xuhui District'),
      d('310105', '长宁区', 'Changning District'),
      d('310112', '闵行区', 'Minhang District'),
      d('310114', '嘉定区', 'Jiading District'),
      d('310115', '浦东新区', 'Pudong New Area'),
      d('310117', '松江区', 'Songjiang District'),
      d('310118', '青浦区', 'Qingpu District'),
    ]),
  ]),
  d('320000', '江苏省', 'Jiangsu', undefined, [
    d('320100', '南京市', 'Nanjing', '210000'),
    d('320200', '无锡市', 'Wuxi', '214000'),
    d('320400', '常州市', 'Changzhou', '213000'),
    d('320500', '苏州市', 'Suzhou', '215000', [
      d('320505', '虎丘区', 'Huqiu District'),
      d('320506', '吴中区', 'Wuzhong District'),
      d('320507', '相城区', 'Xiangcheng District'),
      d('320508', '姑苏区', 'Gusu District'),
      d('320509', '吴江区', 'Wujiang District'),
      d('320581', '常熟市', 'Changshu'),
      d('320582', '张家港市', 'Zhangjiagang'),
      d('320583', '昆山市', 'Kunshan', '215300'),
      d('320585', '太仓市', 'Taicang'),
    ]),
    d('320600', '南通市', 'Nantong', '226000'),
  ]),
  d('330000', '浙江省', 'Zhejiang', undefined, [
    d('330100', '杭州市', 'Hangzhou', '310000'),
    d('330200', '宁波市', 'Ningbo', '315000', [
      d('330203', '海曙区', 'Haishu District'),
      d('330205', '江北区', 'Jiangbei District'),
      d('330206', '北仑区', 'Beilun District', '315800'),
      d('330211', '镇海区', 'Zhenhai District'),
      d('330212', '鄞州区', 'Yinzhou District'),
      d('330213', '奉化区', 'Fenghua District'),
      d('330281', '余姚市', 'Yuyao'),
      d('330282', '慈溪市', 'Cixi'),
    ]),
    d('330300', '温州市', 'Wenzhou', '325000'),
    d('330400', '嘉兴市', 'Jiaxing', '314000'),
    d('330600', '绍兴市', 'Shaoxing', '312000'),
  ]),
  d('340000', '安徽省', 'Anhui'),
  d('350000', '福建省', 'Fujian'),
  d('360000', '江西省', 'Jiangxi'),
  d('370000', '山东省', 'Shandong'),
  d('410000', '河南省', 'Henan'),
  d('420000', '湖北省', 'Hubei'),
  d('430000', '湖南省', 'Hunan'),
  d('440000', '广东省', 'Guangdong', undefined, [
    d('440100', '广州市', 'Guangzhou', '510000'),
    d('440300', '深圳市', 'Shenzhen', '518000'),
    d('440600', '佛山市', 'Foshan', '528000'),
    d('441900', '东莞市', 'Dongguan', '523000'),
  ]),
  d('450000', '广西壮族自治区', 'Guangxi'),
  d('460000', '海南省', 'Hainan'),
  d('500000', '重庆市', 'Chongqing', '400000'),
  d('510000', '四川省', 'Sichuan'),
  d('520000', '贵州省', 'Guizhou'),
  d('530000', '云南省', 'Yunnan'),
  d('540000', '西藏自治区', 'Xizang'),
  d('610000', '陕西省', 'Shaanxi'),
  d('620000', '甘肃省', 'Gansu'),
  d('630000', '青海省', 'Qinghai'),
  d('640000', '宁夏回族自治区', 'Ningxia'),
  d('650000', '新疆维吾尔自治区', 'Xinjiang'),
  d('710000', '台湾省', 'Taiwan'),
  d('810000', '香港特别行政区', 'Hong Kong SAR'),
  d('820000', '澳门特别行政区', 'Macao SAR'),
];

export const districtSeed = defineSeed('base-data.districts', async (ctx) => {
  const ids: number[] = [];
  for (const node of flattenUpload(CHINA_DISTRICTS)) {
    const row: Row = {
      districtCode: node.code,
      districtName: node.name,
      districtNameEn: node.nameEn ?? null,
      countryCode: 'CN',
      levelNum: node.level,
      parentDistrictId: node.parent === null ? null : ids[node.parent]!,
      postalCode: node.postalCode ?? null,
    };
    ids.push(await ctx.put('srmBaseDistrict', { districtCode: node.code }, row));
  }
});
