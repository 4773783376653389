// Settlement on the server: exclusions', statements' and the ledger's behaviour and endpoints,
// and their demo data (after receiving's, whose receipts they settle).
import { defineServerArea } from '@srm/platform';
import { settlementArea } from './area';
import { settlementSeeds } from './settlement.seed';
import { excludeActions } from './exclude/exclude.actions';
import { invoiceActions } from './invoice/invoice.actions';
import { invoiceEndpoints } from './invoice/invoice.endpoints';
import { ledgerEndpoints } from './ledger/ledger.endpoints';
import { statementActions } from './statement/statement.actions';
import { statementEndpoints } from './statement/statement.endpoints';

export const settlementServer = defineServerArea(settlementArea, {
  actions: [
    excludeActions,
    statementActions,
    statementEndpoints,
    invoiceActions,
    invoiceEndpoints,
    ledgerEndpoints,
  ],
  seeds: settlementSeeds,
});
