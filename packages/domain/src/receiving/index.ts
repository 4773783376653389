// Receiving's public face to other areas (isomorphic): its definitions and constants.
export { receive, RECEIVE_TYPES } from './receive/receive.entity';
export { receiveLine } from './receive/receive-line.entity';
export { transaction } from './transaction/transaction.entity';
export { storageTransaction } from './storage-transaction/storage-transaction.entity';
export { writeOff } from './write-off/write-off.entity';
export { writeOffLine } from './write-off/write-off-line.entity';
