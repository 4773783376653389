// Screens of questionnaire replies (web): the buyer reviews and scores them; the supplier answers
// its own in the portal — ticks options, writes its answers, attaches files — and submits.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const reply = () => import('./questionnaire-reply.entity').then((m) => m.questionnaireReply);

export const questionnaireReplyScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmQuestionnaireReply', reply, {
    list: 'questionnaireReplyList',
    edit: 'questionnaireReplyEdit',
  }),
  ...entityScreens('supplier', 'srmQuestionnaireReply', reply, {
    list: 'supplier/myQuestionnaireList',
    edit: 'supplier/myQuestionnaireDetail',
  }),
];
