// The server part of the area: its objects' behaviour and endpoints, its demo data and its
// approval processes.
import { type BackgroundFactory, defineServerArea } from '@srm/platform';
import { contractApprovals } from './approval';
import { contractArea } from './area';
import { contractSeeds } from './contract.seed';
import { CONTRACT_WARNINGS_PROGRAM, contractWarningsProgram } from './warning/warning.job';
import { contractActions } from './contract/contract.actions';
import { contractEndpoints } from './contract/contract.endpoints';
import {
  contractExecution,
  contractOrderEndpoints,
  contractRefundEndpoints,
} from './contract/contract.execution';
import { contractSignEndpoints } from './contract/contract.sign';
import { registerFinalizer } from './contract/contract.finalize';
import { WARNINGS_QUEUE, queueNextWarnings, runDailyWarnings } from './warning/warning.daily';
import { contractCompareEndpoints } from './contract/contract.compare';
import { contractFromAwardEndpoints } from './contract/contract.from-award';
import { contractFromPatternEndpoints } from './contract/contract.from-pattern';
import { contractAgreementEndpoints } from './contract/contract.agreement';
import { CONTRACT_ESIGN_HOOK, contractEsignHook } from './contract/contract.provider';
import { esignTables } from './esign/esign.tables';
import { signAccountActions } from './sign-account/sign-account.actions';
import { templateActions, templateEndpoints } from './template/template.actions';
import { termsActions, termsEndpoints } from './terms/terms.actions';
import { contractDocumentWatermark, watermarkActions } from './watermark/watermark.server';
import { assetAcceptanceActions } from './asset-acceptance/asset-acceptance.actions';
import { agreementEsignEndpoints } from './agreement-esign/agreement-esign.endpoints';
import { agreementEsignObserver, agreementFlows } from './agreement-esign/agreement-esign.provider';

/** The area's jobs: 定稿's conversions, and the daily warnings (queued again by each run). */
const contractBackground: BackgroundFactory = (services) => {
  registerFinalizer(services);
  services.jobs.register(WARNINGS_QUEUE, () => runDailyWarnings(services), { retryLimit: 2 });
  return {
    start: async () => {
      if (services.jobs.workers) await queueNextWarnings(services);
    },
    stop: async () => {},
  };
};

export const contractServer = defineServerArea(contractArea, {
  actions: [
    termsActions,
    termsEndpoints,
    templateActions,
    templateEndpoints,
    contractActions,
    contractEndpoints,
    contractSignEndpoints,
    contractCompareEndpoints,
    contractOrderEndpoints,
    contractRefundEndpoints,
    contractFromAwardEndpoints,
    contractFromPatternEndpoints,
    contractAgreementEndpoints,
    signAccountActions,
    watermarkActions,
    assetAcceptanceActions,
    // The supplier area's agreements, signed at the provider with this area's sign accounts.
    agreementEsignEndpoints,
  ],
  observers: [contractExecution, agreementEsignObserver],
  tables: esignTables,
  webhooks: { [CONTRACT_ESIGN_HOOK]: contractEsignHook([agreementFlows]) },
  fileWatermarks: { srmCctContractDocument: contractDocumentWatermark },
  executables: { [CONTRACT_WARNINGS_PROGRAM]: contractWarningsProgram },
  background: contractBackground,
  seeds: contractSeeds,
  approvalTemplates: contractApprovals,
});

/** The daily warnings program, for other areas' tests that change what it watches (a stage paid). */
export { contractWarningsProgram } from './warning/warning.job';
