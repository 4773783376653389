// Screens of the question bank (web): the buyer's list and form with a choice's options.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const question = () => import('./survey-question.entity').then((m) => m.surveyQuestion);

export const surveyQuestionScreens: ScreenEntry[] = entityScreens('supplier', 'srmSurveyQuestion', question, {
  list: 'surveyQuestionList',
  edit: 'surveyQuestionEdit',
});
