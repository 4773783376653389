// Screens of delivery (web): the buyer's delivery notes (submitted onwards) and the supplier's.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { ASN_BUYER_STATES } from './asn.entity';

const asn = () => import('./asn.entity').then((m) => m.asn);

export const deliveryScreens: ScreenEntry[] = [
  ...entityScreens('delivery', 'srmPurAsnHeader', asn, {
    list: 'purAsnList',
    edit: 'purAsnManage/purAsnEdit',
    listFilters: { status: [...ASN_BUYER_STATES] },
  }),
  ...entityScreens('delivery', 'srmPurAsnHeader', asn, {
    list: 'supplierAsnList',
    edit: 'supplierAsnManage/supplierAsnEdit',
  }),
  ...entityScreens('delivery', 'srmPurAsnLine', () => import('./asn-line.entity').then((m) => m.asnLine), {
    list: 'purAsnLineList',
    edit: 'purAsnLineEdit',
  }),
];
