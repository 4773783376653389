// Screens of statements (web): the buyer's, with 生成对账单 beside 新建, and the supplier's own.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { statementInvoiceButton, statementListButtons } from './statement.buttons';

const statement = () => import('./statement.entity').then((m) => m.statement);

export const statementScreens: ScreenEntry[] = [
  ...entityScreens('settlement', 'srmStlAccountHeader', statement, {
    list: 'accountStmt',
    edit: 'accountStmtEdit',
    listButtons: statementListButtons,
  }),
  ...entityScreens('settlement', 'srmStlAccountHeader', statement, {
    list: 'supplierAccountStmt',
    edit: 'supplierAccountStmtEdit',
    editButtons: [statementInvoiceButton],
  }),
];
