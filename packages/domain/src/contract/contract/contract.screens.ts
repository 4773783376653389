// Screens of contracts (web): the buyer's contracts (cctContractList, contractManage/cctContractEdit)
// and the supplier's own, from the moment they are sent to it for confirmation; both sign and
// verify signatures there (contract.buttons.tsx).
import { type ScreenEntry, endpointButton, entityScreens } from '@srm/platform-ui';
import { contractRefundButton, contractSignButtons } from './contract.buttons';
import { EXECUTION_VIEW_STATES } from './contract.entity';

const contract = () => import('./contract.entity').then((m) => m.contract);

export const contractScreens: ScreenEntry[] = [
  ...entityScreens('contract', 'srmCctContract', contract, {
    list: 'cctContractList',
    edit: 'contractManage/cctContractEdit',
    // 生成合同文本: the .docx from the contract's template, among its documents.
    editButtons: [
      endpointButton('generateDocument', 'srmCctContract.generateDocument', {
        states: ['DRAFT', 'REJECTED', 'REFUSED'],
        open: { path: 'contractManage/cctContractEdit', key: 'contractId' },
      }),
      // 转正式合同: the main contract's draft, made once from a pre-contract in effect.
      endpointButton('doConvertToMain', 'srmCctContract.doConvertToMain', {
        states: ['EFFECTIVE'],
        when: (row) => row.contractType === 'PRE',
        open: { path: 'contractManage/cctContractEdit', key: 'contractId' },
      }),
      // 合同下单: a draft order of what the contract has left.
      endpointButton('createOrder', 'srmCctContract.createOrder', {
        states: ['EFFECTIVE'],
        open: { path: 'purOrderManage/purchaseOrderEdit', key: 'poHeaderId' },
      }),
      // 生成价格协议: a draft price agreement of the contract's prices, made once.
      endpointButton('createAgreement', 'srmCctContract.createAgreement', {
        states: ['EFFECTIVE'],
        open: { path: 'srmPurAgreementEdit', key: 'agreementId' },
      }),
      // 资产验收: a draft acceptance of what the contract delivered.
      endpointButton('doAssetAcceptance', 'srmCctContract.doAssetAcceptance', {
        states: ['EFFECTIVE'],
        open: { path: 'cctAssetAcceptanceEdit', key: 'acceptanceId' },
      }),
      // 变更: opens the draft alteration (version n + 1) of a contract in effect.
      endpointButton('doAlteration', 'srmCctContract.doAlteration', {
        states: ['EFFECTIVE'],
        open: { path: 'contractManage/cctContractEdit', key: 'contractId' },
      }),
      contractRefundButton,
      ...contractSignButtons,
    ],
  }),
  // 简易合同: the simplified contracts (an uploaded PDF instead of a generated document); a new one
  // starts simplified.
  ...entityScreens('contract', 'srmCctContract', contract, {
    list: 'simplifiedContractList',
    edit: 'contractManage/cctContractEdit',
    listFilters: { simplifiedFlag: 'Y' },
    listTitle: 'menu.CCT_CONTRACT_SIMPLIFIED',
  }).filter((screen) => screen.kind === 'list'),
  // 合同执行视图: the contracts being executed, with what was ordered and paid under each.
  ...entityScreens('contract', 'srmCctContract', contract, {
    list: 'enhancedContractList',
    edit: 'contractManage/cctContractEdit',
    listFilters: { status: [...EXECUTION_VIEW_STATES] },
    listTitle: 'menu.CCT_CONTRACT_EXECUTION',
    listColumns: [
      'contractNumber',
      'contractName',
      'supplierName',
      'amountInclTax',
      'executedAmount',
      'executedPercent',
      'invoicedAmount',
      'paidAmount',
      'effectiveTo',
      'status',
      'dateSigned',
      'executionControl',
      'currencyCode',
      'orgName',
    ],
  }).filter((screen) => screen.kind === 'list'),
  ...entityScreens('contract', 'srmCctContract', contract, {
    list: 'supplierContractList',
    edit: 'supplierContractEdit',
    editButtons: contractSignButtons,
  }),
];
