// Delivery information on the server: an organisation has one default address; making another
// one the default clears the flag on the previous one.
import { legacyActions } from '@srm/platform';
import { deliveryInfo } from './delivery-info.entity';
import { listAll } from './support';

export const deliveryInfoActions = legacyActions(deliveryInfo, {
  async afterSave(context, { row, id }) {
    if (row.defaultFlag !== 'Y') return;
    const service = context.runtime.service(deliveryInfo.name);
    const others = await listAll(context, deliveryInfo.name, [
      { field: 'orgId', op: 'eq', value: row.orgId },
      { field: 'defaultFlag', op: 'eq', value: 'Y' },
    ]);
    for (const other of others) {
      if (other.deliveryInfoId === id) continue;
      await service.save(context.actor, {
        deliveryInfoId: other.deliveryInfoId,
        versionNum: other.versionNum,
        defaultFlag: 'N',
      });
    }
  },
});
