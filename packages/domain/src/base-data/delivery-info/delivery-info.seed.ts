// Demo delivery addresses of the plants, one default each.
import { defineSeed } from '@srm/platform';
import { orgIdOf } from '../support';

/** [plant, receiver, phone, district code, address, postal code, default]. */
const DELIVERY = [
  [
    'P110',
    '张建国',
    '13862015678',
    '320506',
    '江苏省苏州市吴中区郭巷街道尹山湖路168号 1号仓库收货处',
    '215124',
    'Y',
  ],
  [
    'P110',
    '孙丽',
    '0512-65881234',
    '320506',
    '江苏省苏州市吴中区郭巷街道尹山湖路168号 设备部',
    '215124',
    'N',
  ],
  [
    'P120',
    '周海涛',
    '13915021234',
    '320583',
    '江苏省昆山市玉山镇元丰路232号 物流中心收货平台',
    '215300',
    'Y',
  ],
  [
    'P210',
    '吴晓东',
    '13857412345',
    '330206',
    '浙江省宁波市北仑区大碶街道庐山东路99号 1号楼电子元器件仓',
    '315800',
    'Y',
  ],
  [
    'P210',
    '郑芳',
    '0574-86881234',
    '330206',
    '浙江省宁波市北仑区大碶街道庐山东路99号 2号仓库',
    '315800',
    'N',
  ],
] as const;

export const deliveryInfoSeed = defineSeed('base-data.delivery-info', async (ctx) => {
  for (const [
    plant,
    receiverName,
    receiverPhone,
    districtCode,
    detailAddress,
    postalCode,
    defaultFlag,
  ] of DELIVERY) {
    const key = { orgId: await orgIdOf(ctx, plant), detailAddress };
    await ctx.put('srmBaseDeliveryInfo', key, {
      ...key,
      receiverName,
      receiverPhone,
      districtId: await ctx.idOf('srmBaseDistrict', { districtCode }),
      postalCode,
      defaultFlag,
    });
  }
});
