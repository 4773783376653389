// Screens of satisfaction surveys (web): the buyer's list and form — period, suppliers, raters,
// the items, every rater's scores and, once completed, the summary per supplier and item.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const survey = () => import('./satisfaction-survey.entity').then((m) => m.satisfactionSurvey);

export const satisfactionSurveyScreens: ScreenEntry[] = entityScreens(
  'supplier',
  'srmSatisfactionSurvey',
  survey,
  {
    list: 'satisfactionSurveyList',
    edit: 'satisfactionSurveyEdit',
  },
);
