// The supplier area on the server: its objects' behaviour and endpoints, its programs (certificate
// expiry, blacklist relief, invitation expiry, quits on their date), its demo data and its approval processes.
import { defineServerArea } from '@srm/platform';
import { supplierApprovals } from './approval';
import { supplierArea } from './area';
import { supplierSeedList } from './supplier.seed';
import { qualificationRequirementActions } from './qualification-requirement/qualification-requirement.actions';
import { relieveBlacklist, supplierBlacklistActions } from './supplier-blacklist/supplier-blacklist.actions';
import { credentialExpiry } from './supplier-credential/credential-expiry';
import { supplierCategoryOrgActions } from './supplier-category-org/supplier-category-org.actions';
import { supplierInfoActions } from './supplier-info/supplier-info.actions';
import { supplierLeadActions } from './supplier-lead/supplier-lead.actions';
import { supplierRegisterActions } from './supplier-register/supplier-register.actions';
import { supplierRegisterEndpoints } from './supplier-register/supplier-register.endpoints';
import { registerBusinessInfoEndpoints, supplierBusinessInfoEndpoints } from './business-info/business-info';
import {
  expireInvitations,
  supplierRegisterInviteActions,
} from './supplier-register-invite/supplier-register-invite.actions';
import { supplierRegisterInviteEndpoints } from './supplier-register-invite/supplier-register-invite.endpoints';
import { supplierDailyActions } from './supplier-daily/supplier-daily.actions';
import { supplierChangeActions } from './supplier-change/supplier-change.actions';
import { supplierChangeEndpoints } from './supplier-change/supplier-change.endpoints';
import { effectQuits, supplierQuitActions } from './supplier-quit/supplier-quit.actions';
import { supplierQuitEndpoints } from './supplier-quit/supplier-quit.endpoints';
import { eligibilityEndpoints } from './eligibility/eligibility.endpoints';
import { introSceneActions } from './intro-scene/intro-scene.actions';
import { supplierIntroActions } from './supplier-intro/supplier-intro.actions';
import { supplierLineChangeActions } from './supplier-line-change/supplier-line-change.actions';
import { qualifyCensorActions } from './qualify-censor/qualify-censor.actions';
import { localeInspectionActions } from './locale-inspection/locale-inspection.actions';
import { surveyTemplateActions } from './survey-template/survey-template.actions';
import { sampleTrialActions } from './sample-trial/sample-trial.actions';
import { batchTrialActions } from './batch-trial/batch-trial.actions';
import { patternMakingActions } from './pattern-making/pattern-making.actions';
import { patternMakingReplyActions } from './pattern-making-reply/pattern-making-reply.actions';
import { surveyQuestionActions } from './survey-question/survey-question.actions';
import { questionnaireActions } from './questionnaire/questionnaire.actions';
import { questionnaireReplyActions } from './questionnaire-reply/questionnaire-reply.actions';
import { satisfactionSurveyActions } from './satisfaction-survey/satisfaction-survey.actions';
import { agreementSignActions, agreementTemplateActions } from './agreement-sign/agreement-sign.actions';
import { supplierRectifyActions } from './supplier-rectify/supplier-rectify.actions';

export const supplierServer = defineServerArea(supplierArea, {
  actions: [
    supplierInfoActions,
    supplierRegisterActions,
    supplierRegisterEndpoints,
    registerBusinessInfoEndpoints,
    supplierBusinessInfoEndpoints,
    supplierCategoryOrgActions,
    supplierLeadActions,
    supplierRegisterInviteActions,
    supplierRegisterInviteEndpoints,
    supplierDailyActions,
    supplierChangeActions,
    supplierChangeEndpoints,
    supplierQuitActions,
    supplierQuitEndpoints,
    eligibilityEndpoints,
    introSceneActions,
    supplierIntroActions,
    supplierLineChangeActions,
    qualifyCensorActions,
    surveyTemplateActions,
    localeInspectionActions,
    sampleTrialActions,
    batchTrialActions,
    patternMakingActions,
    patternMakingReplyActions,
    surveyQuestionActions,
    questionnaireActions,
    questionnaireReplyActions,
    satisfactionSurveyActions,
    agreementTemplateActions,
    agreementSignActions,
    supplierRectifyActions,
    supplierBlacklistActions,
    qualificationRequirementActions,
  ],
  seeds: supplierSeedList,
  executables: {
    SUPPLIER_CREDENTIAL_EXPIRY: credentialExpiry,
    SUPPLIER_BLACKLIST_RELIEVE: relieveBlacklist,
    SUPPLIER_INVITE_EXPIRE: expireInvitations,
    SUPPLIER_QUIT_EFFECT: effectQuits,
  },
  approvalTemplates: supplierApprovals,
});
