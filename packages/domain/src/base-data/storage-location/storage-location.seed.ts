// Demo storage locations of the plants.
import { defineSeed } from '@srm/platform';
import { orgIdOf } from '../support';

/** [plant, code, name, type, address]. */
const LOCATIONS = [
  ['P110', 'RM01', '原材料库', 'RAW', '吴中工厂 1 号仓库'],
  ['P110', 'QC01', '来料待检区', 'QUARANTINE', '吴中工厂 1 号仓库东侧'],
  ['P110', 'FG01', '成品库', 'FINISHED', '吴中工厂 3 号仓库'],
  ['P110', 'MRO1', '备品备件库', 'MRO', '吴中工厂设备部二楼'],
  ['P120', 'RM01', '原材料库', 'RAW', '昆山工厂物流中心 A 区'],
  ['P120', 'SF01', '半成品库', 'SEMI', '昆山工厂 2 号厂房'],
  ['P120', 'FG01', '成品库', 'FINISHED', '昆山工厂物流中心 C 区'],
  ['P120', 'RT01', '退货库', 'RETURN', '昆山工厂物流中心 D 区'],
  ['P210', 'RM01', '电子元器件仓', 'RAW', '北仑工厂 1 号楼一层（防静电仓）'],
  ['P210', 'QC01', 'IQC 待检区', 'QUARANTINE', '北仑工厂 1 号楼一层'],
  ['P210', 'FG01', '成品库', 'FINISHED', '北仑工厂 2 号仓库'],
] as const;

export const storageLocationSeed = defineSeed('base-data.storage-locations', async (ctx) => {
  for (const [plant, locationCode, locationName, locationType, address] of LOCATIONS) {
    const key = { orgId: await orgIdOf(ctx, plant), locationCode };
    await ctx.put('srmBaseStorageLocation', key, { ...key, locationName, locationType, address });
  }
});
