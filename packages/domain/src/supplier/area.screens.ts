// The web part of the supplier area: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { qualificationRequirementScreens } from './qualification-requirement/qualification-requirement.screens';
import { supplierBlacklistScreens } from './supplier-blacklist/supplier-blacklist.screens';
import { supplierCategoryOrgScreens } from './supplier-category-org/supplier-category-org.screens';
import { supplierInfoScreens } from './supplier-info/supplier-info.screens';
import { supplierChangeScreens } from './supplier-change/supplier-change.screens';
import { supplierQuitScreens } from './supplier-quit/supplier-quit.screens';
import { introSceneScreens } from './intro-scene/intro-scene.screens';
import { supplierIntroScreens } from './supplier-intro/supplier-intro.screens';
import { supplierLineChangeScreens } from './supplier-line-change/supplier-line-change.screens';
import { qualifyCensorScreens } from './qualify-censor/qualify-censor.screens';
import { localeInspectionScreens } from './locale-inspection/locale-inspection.screens';
import { surveyTemplateScreens } from './survey-template/survey-template.screens';
import { sampleTrialScreens } from './sample-trial/sample-trial.screens';
import { batchTrialScreens } from './batch-trial/batch-trial.screens';
import { patternMakingScreens } from './pattern-making/pattern-making.screens';
import { surveyQuestionScreens } from './survey-question/survey-question.screens';
import { questionnaireScreens } from './questionnaire/questionnaire.screens';
import { questionnaireReplyScreens } from './questionnaire-reply/questionnaire-reply.screens';
import { satisfactionSurveyScreens } from './satisfaction-survey/satisfaction-survey.screens';
import { agreementSignScreens } from './agreement-sign/agreement-sign.screens';
import { supplierRectifyScreens } from './supplier-rectify/supplier-rectify.screens';
import { supplierDailyScreens } from './supplier-daily/supplier-daily.screens';
import { supplierLeadScreens } from './supplier-lead/supplier-lead.screens';
import { supplierRegisterScreens } from './supplier-register/supplier-register.screens';
import { supplierRegisterInviteScreens } from './supplier-register-invite/supplier-register-invite.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const supplierWeb = defineAreaScreens('supplier', labels, [
  ...supplierRegisterScreens,
  ...supplierInfoScreens,
  ...supplierCategoryOrgScreens,
  ...supplierLeadScreens,
  ...supplierRegisterInviteScreens,
  ...supplierDailyScreens,
  ...supplierChangeScreens,
  ...supplierQuitScreens,
  ...supplierIntroScreens,
  ...introSceneScreens,
  ...supplierLineChangeScreens,
  ...qualifyCensorScreens,
  ...localeInspectionScreens,
  ...surveyTemplateScreens,
  ...sampleTrialScreens,
  ...batchTrialScreens,
  ...patternMakingScreens,
  ...surveyQuestionScreens,
  ...questionnaireScreens,
  ...questionnaireReplyScreens,
  ...satisfactionSurveyScreens,
  ...agreementSignScreens,
  ...supplierRectifyScreens,
  ...supplierBlacklistScreens,
  ...qualificationRequirementScreens,
]);
