// The filters of a dialog that picks requisition lines from the demand pool (需求池): by requisition
// (approved ones, searched by number), material and organisation; labelled by the line's fields.
// The order's and the sourcing events' 由申请创建 use them.
import { ref, refFieldOf } from '@srm/kernel';
import { requisition } from './requisition.entity';
import { requisitionLine } from './requisition-line.entity';

export const POOL_LINE_FILTERS = [
  {
    param: 'requisitionHeaderId',
    label: 'requisitionNumber',
    field: ref(requisition.name, { display: 'requisitionNumber', filter: () => ({ status: 'APPROVED' }) }),
  },
  { param: 'itemId', label: 'itemCode', field: refFieldOf(requisitionLine.fields.itemId) },
  { param: 'orgId', label: 'orgName', field: refFieldOf(requisitionLine.fields.orgId) },
] as const;
