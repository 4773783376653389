// Receiving (收货): receipts, returns and reversals against delivery notes, the receiving
// transactions and stock transactions they write.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { receive } from './receive.entity';
import { receiveLine } from './receive-line.entity';
import { transaction } from './transaction.entity';
import { storageTransaction } from './storage-transaction.entity';
import { writeOff } from './write-off.entity';
import { writeOffLine } from './write-off-line.entity';

export { receive, receiveLine, transaction, storageTransaction, writeOff, writeOffLine };
export { RECEIVE_TYPES } from './receive.entity';

export const receivingEntities: EntityDef[] = [
  receive,
  receiveLine,
  transaction,
  storageTransaction,
  writeOff,
  writeOffLine,
];
export const receivingMessages: Catalogue = { 'zh-CN': zhCN, en };
