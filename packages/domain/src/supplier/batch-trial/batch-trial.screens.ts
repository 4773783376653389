// Screens of batch trials (web): the buyer's list and form — materials with what the trial order
// received and rejected, evaluators and their feedback — and the supplier's read-only view of
// its trials and their results.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const trial = () => import('./batch-trial.entity').then((m) => m.batchTrial);

export const batchTrialScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmBatchTrial', trial, { list: 'batchTrialList', edit: 'batchTrialEdit' }),
  ...entityScreens('supplier', 'srmBatchTrial', trial, {
    list: 'supplier/myBatchTrialList',
    edit: 'supplier/myBatchTrialEdit',
  }),
];
