// Settlement's server-side face to other areas and to the benchmarks: statement generation,
// posting to the ledger and the matching of invoice lines.
export { generateStatements } from './statement/statement.generate';
export { post as postLedger, transfer } from './ledger/ledger.post';
export { matchLine, tolerancesOf } from './invoice/invoice.match';
