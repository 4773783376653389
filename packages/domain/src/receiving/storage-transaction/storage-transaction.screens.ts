// Screens of stock transactions (web, internal only).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const storageTransactionScreens: ScreenEntry[] = entityScreens(
  'receiving',
  'srmPurStorageTransaction',
  () => import('./storage-transaction.entity').then((m) => m.storageTransaction),
  { list: 'storageTransactionList', edit: 'storageTransactionEdit' },
);
