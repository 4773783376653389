// Screens of the ledger (往来明细, web): the buyer's, and the supplier's own rows.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const ledger = () => import('./ledger.entity').then((m) => m.ledger);

export const ledgerScreens: ScreenEntry[] = [
  ...entityScreens('settlement', 'srmStlLedger', ledger, {
    list: 'rcnTransactionInfoList',
    edit: 'rcnTransactionInfoEdit',
  }),
  ...entityScreens('settlement', 'srmStlLedger', ledger, {
    list: 'supplierRcnTransactionInfoList',
    edit: 'supplierRcnTransactionInfoEdit',
  }),
];
