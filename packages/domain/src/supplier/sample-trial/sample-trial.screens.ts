// Screens of sample trials (web): the buyer's list and form — materials, evaluators and their
// verdicts — and the supplier's requests, where it records its shipment and ships.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const trial = () => import('./sample-trial.entity').then((m) => m.sampleTrial);

export const sampleTrialScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSampleTrial', trial, { list: 'sampleTrialList', edit: 'sampleTrialEdit' }),
  ...entityScreens('supplier', 'srmSampleTrial', trial, {
    list: 'supplier/mySampleList',
    edit: 'supplier/mySampleEdit',
  }),
];
