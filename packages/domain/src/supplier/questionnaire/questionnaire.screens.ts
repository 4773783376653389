// Screens of questionnaires (web): the buyer's list and form — template, due date, the suppliers
// it goes to with their replies' state and score, and the questions and options it asks.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const questionnaire = () => import('./questionnaire.entity').then((m) => m.questionnaire);

export const questionnaireScreens: ScreenEntry[] = entityScreens(
  'supplier',
  'srmQuestionnaire',
  questionnaire,
  {
    list: 'questionnaireList',
    edit: 'questionnaireEdit',
  },
);
