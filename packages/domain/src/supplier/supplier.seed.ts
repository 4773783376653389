// The supplier area's demo data in load order: the suppliers (with their portal users), the
// category and org library with the suppliers' lifecycle states, registrations waiting for
// review, leads, register invitations, the blacklisted company's entry, daily management entries, a change info awaiting
// approval, the quit of the company that left, introduce scenes with an
// introduction under each, qualification censors, survey templates, locale inspections, sample trials, a batch trial, the question bank and questionnaires, a satisfaction survey, agreement templates and signing, qualification requirements and the lifecycle's programs. Each object's data is in its folder.
import { qualificationRequirementSeed } from './qualification-requirement/qualification-requirement.seed';
import { supplierBlacklistSeed, supplierProgramSeed } from './supplier-blacklist/supplier-blacklist.seed';
import { supplierCategoryOrgSeed } from './supplier-category-org/supplier-category-org.seed';
import { supplierInfoSeed } from './supplier-info/supplier-info.seed';
import { supplierChangeSeed } from './supplier-change/supplier-change.seed';
import { supplierQuitSeed } from './supplier-quit/supplier-quit.seed';
import { introSceneSeed } from './intro-scene/intro-scene.seed';
import { qualifyCensorSeed } from './qualify-censor/qualify-censor.seed';
import { surveyTemplateSeed } from './survey-template/survey-template.seed';
import { localeInspectionSeed } from './locale-inspection/locale-inspection.seed';
import { sampleTrialSeed } from './sample-trial/sample-trial.seed';
import { batchTrialSeed } from './batch-trial/batch-trial.seed';
import { patternMakingSeed } from './pattern-making/pattern-making.seed';
import { questionnaireSeed } from './questionnaire/questionnaire.seed';
import { satisfactionSurveySeed } from './satisfaction-survey/satisfaction-survey.seed';
import { agreementSignSeed } from './agreement-sign/agreement-sign.seed';
import { supplierDailySeed } from './supplier-daily/supplier-daily.seed';
import { supplierLeadSeed } from './supplier-lead/supplier-lead.seed';
import { supplierRegisterSeed } from './supplier-register/supplier-register.seed';
import { supplierRegisterInviteSeed } from './supplier-register-invite/supplier-register-invite.seed';

export const supplierSeedList = [
  supplierInfoSeed,
  supplierCategoryOrgSeed,
  supplierRegisterSeed,
  supplierLeadSeed,
  supplierRegisterInviteSeed,
  supplierBlacklistSeed,
  qualificationRequirementSeed,
  supplierDailySeed,
  supplierChangeSeed,
  supplierQuitSeed,
  introSceneSeed,
  qualifyCensorSeed,
  surveyTemplateSeed,
  localeInspectionSeed,
  sampleTrialSeed,
  batchTrialSeed,
  patternMakingSeed,
  questionnaireSeed,
  satisfactionSurveySeed,
  agreementSignSeed,
  supplierProgramSeed,
];
