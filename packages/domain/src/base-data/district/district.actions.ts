// Districts on the server: the tree stays consistent (no district under its own subdivision,
// each level one below its parent's).
import { defineActions } from '@srm/platform';
import { treeParent } from '../support';
import { district } from './district.entity';

export const districtActions = defineActions(district, {
  async beforeSave(ctx) {
    const { row } = ctx;
    if (row.parentDistrictId == null) return null;
    const { parent, cycle } = await treeParent(
      row.districtId,
      row.parentDistrictId,
      async (id) => (await ctx.list(district, { districtId: id }, { limit: 1 }))[0],
      (found) => found.parentDistrictId,
    );
    if (cycle) return { field: 'parentDistrictId', message: 'srmBaseDistrict.parentCycle' };
    const expected = parent ? parent.levelNum + 1 : null;
    if (expected !== null && row.levelNum !== expected) {
      return { field: 'levelNum', message: 'srmBaseDistrict.levelMismatch', params: { level: expected } };
    }
    return null;
  },
});
