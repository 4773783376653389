// Contracts' definitions, for other areas and their screens.
export { contractArea } from './area';
export {
  CONTRACT_PROCESS,
  CONTRACT_TERMINATE_PROCESS,
  CONTRACT_VOID_PROCESS,
  SUPPLIER_CONTRACT_STATES,
  contract,
} from './contract/contract.entity';
export {
  contractClause,
  contractDocument,
  contractItem,
  contractStage,
} from './contract/contract-lines.entity';
export { refreshPaid } from './contract/contract.paid';
export { dueBuyerRefund, markRefundDeducted } from './contract/contract.execution';
export { CONTRACT_TYPES, TERMS_PROCESS, terms } from './terms/terms.entity';
export { TEMPLATE_PROCESS, contractTemplate, templateSign } from './template/template.entity';
export { signAccount, signAccountKeeper } from './sign-account/sign-account.entity';
export {
  ACCEPTANCE_PROCESS,
  assetAcceptance,
  assetAcceptanceLine,
} from './asset-acceptance/asset-acceptance.entity';
