// Screens of survey templates (web): the buyer's list and form with the items in order.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const template = () => import('./survey-template.entity').then((m) => m.surveyTemplate);

export const surveyTemplateScreens: ScreenEntry[] = entityScreens('supplier', 'srmSurveyTemplate', template, {
  list: 'surveyTemplateList',
  edit: 'surveyTemplateEdit',
});
