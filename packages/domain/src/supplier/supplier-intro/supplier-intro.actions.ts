// Introductions on the server. Saving: one running introduction per supplier × category ×
// organisation; no introduction for a supplier that quit or is blacklisted; the steps come from
// the scene when it starts (none may be added in a draft), and once started none is added,
// removed or changed in kind. Starting copies the scene's steps and version and puts the library
// line in INTRODUCING: a new line, or for a re-introduction the line that quit; a line already
// qualified (or suspended) needs no introduction, except of a new material or model (the line
// stays as it is). Completing needs every required step PASS or
// CONDITIONAL and qualifies the line (history source INTRODUCTION, the introduction's number);
// the agreements area then lists the supplier on the ASL for the category (asl.from-introduction).
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { introScene, introSceneStep } from '../intro-scene/intro-scene.entity';
import { setLineStatus } from '../supplier-category-org/line-status';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import {
  PASSED_RESULTS,
  RUNNING_INTRO_STATES,
  STEPS_BY_DOCUMENT,
  supplierIntro,
  supplierIntroStep,
} from './supplier-intro.entity';

const platform = (ctx: DataApi) => ctx.system('an introduction reads scenes and writes the library');

type Triple = { supplierId: number; categoryId: number; orgId: number };

async function libraryLine(ctx: DataApi, { supplierId, categoryId, orgId }: Triple) {
  const [line] = await platform(ctx).list(
    supplierCategoryOrg,
    { supplierId, categoryId, orgId },
    { limit: 1 },
  );
  return line ?? null;
}

type StepValues = {
  readonly introStepId?: number | null;
  readonly stepType?: string;
  readonly result?: string | null;
  readonly resultDate?: string | null;
  readonly documentRef?: string | null;
};

/** The type of a step its document writes whose result a save would change by hand, if any. */
function stepByDocumentChanged(before: readonly StepValues[], after: readonly StepValues[]): string | null {
  for (const step of after) {
    const old = before.find((line) => line.introStepId === step.introStepId);
    if (!old?.stepType || !STEPS_BY_DOCUMENT.includes(old.stepType)) continue;
    for (const field of ['result', 'resultDate', 'documentRef'] as const)
      if (step[field] !== undefined && (step[field] ?? null) !== (old[field] ?? null)) return old.stepType;
  }
  return null;
}

export const supplierIntroActions = defineActions(supplierIntro, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    const [supplier] = await platform(ctx).list(supplierInfo, { supplierId: row.supplierId }, { limit: 1 });
    if (supplier && (supplier.status === 'QUIT' || supplier.blacklistFlag === 'Y'))
      return {
        field: 'supplierId',
        message: 'srmSupplierIntro.supplierBlocked',
        params: { supplier: supplier.supplierName },
      };
    const running = await platform(ctx).list(
      supplierIntro,
      {
        supplierId: row.supplierId,
        categoryId: row.categoryId,
        orgId: row.orgId,
        status: [...RUNNING_INTRO_STATES],
      },
      { limit: 2 },
    );
    const other = running.find((intro) => intro.introId !== previous?.introId);
    if (other)
      return {
        field: 'categoryId',
        message: 'srmSupplierIntro.running',
        params: { number: other.introNum ?? '' },
      };
    // The steps are the platform's rows (copied from the scene when it starts: rowsByPlatform).
    if (previous?.status === 'IN_PROGRESS') {
      for (const field of ['supplierId', 'categoryId', 'orgId', 'sceneId'] as const)
        if (row[field] !== previous[field]) return { field, message: 'srmSupplierIntro.fixedOnceStarted' };
      if (!ctx.actor.system) {
        const byDocument = stepByDocumentChanged(ctx.oldLines.steps, ctx.newLines.steps);
        if (byDocument)
          return {
            field: 'steps',
            message: 'srmSupplierIntro.stepByDocument',
            params: { step: ctx.t(`lookup.SRM_INTRO_STEP.${byDocument}`) },
          };
      }
    }
    return null;
  },
  guards: {
    async doStart(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const [scene] = await platform(ctx).list(introScene, { sceneId: previous.sceneId }, { limit: 1 });
      if (!scene || scene.enabledFlag !== 'Y')
        return { field: 'sceneId', message: 'srmSupplierIntro.sceneDisabled' };
      if (!(await platform(ctx).lines(introSceneStep, scene.sceneId)).length)
        return {
          field: 'sceneId',
          message: 'srmSupplierIntro.sceneWithoutSteps',
          params: { scene: scene.sceneName },
        };
      const line = await libraryLine(ctx, previous);
      // A new material or model is introduced where the line already qualifies; anything else
      // introduces a line that is not in the library yet (or quit).
      if (
        line &&
        (line.status === 'QUALIFIED' || line.status === 'SUSPENDED') &&
        scene.sceneType !== 'NEW_MATERIAL'
      )
        return { message: 'srmSupplierIntro.alreadyInLibrary', params: { status: line.status } };
      if (line?.status === 'QUIT' && scene.sceneType !== 'REINTRODUCE')
        return { field: 'sceneId', message: 'srmSupplierIntro.reintroduceOnly' };
      return null;
    },
    async doComplete(ctx): Promise<RuleIssue | null> {
      const steps = await platform(ctx).lines(supplierIntroStep, ctx.previous.introId);
      const open = steps.filter((step) => step.requiredFlag === 'Y' && !PASSED_RESULTS.includes(step.result));
      if (!open.length) return null;
      const names = open.map((step) => ctx.t(`lookup.SRM_INTRO_STEP.${step.stepType}`)).join('、');
      return { message: 'srmSupplierIntro.stepsMissing', params: { steps: names } };
    },
  },
  actions: {
    async doStart(ctx) {
      const { row } = ctx;
      const [scene] = await platform(ctx).list(introScene, { sceneId: row.sceneId }, { limit: 1 });
      const steps = await platform(ctx).lines(introSceneStep, row.sceneId);
      await platform(ctx).insert(
        supplierIntroStep,
        steps.map((step) => ({
          introId: row.introId,
          stepType: step.stepType,
          requiredFlag: step.requiredFlag,
          result: 'PENDING',
        })) as never,
      );
      let line = await libraryLine(ctx, row);
      if (!line) {
        const saved = await platform(ctx).save(supplierCategoryOrg, {
          supplierId: row.supplierId,
          categoryId: row.categoryId,
          orgId: row.orgId,
          remark: ctx.t('srmSupplierIntro.lineRemark', { number: row.introNum ?? '' }),
        });
        line = saved;
      } else if (line.status === 'QUIT') {
        await setLineStatus(ctx, [line.categoryOrgId], 'INTRODUCING', {
          source: 'INTRODUCTION',
          documentRef: row.introNum,
          reason: row.introReason,
          reopen: true,
        });
      }
      await platform(ctx).patch(supplierIntro, row.introId, {
        sceneVersion: scene?.sceneVersion ?? 0,
        categoryOrgId: line.categoryOrgId,
      });
    },
    async doComplete(ctx) {
      const { row } = ctx;
      if (row.categoryOrgId === null) return;
      await setLineStatus(ctx, [row.categoryOrgId], 'QUALIFIED', {
        source: 'INTRODUCTION',
        documentRef: row.introNum,
        reason: ctx.input.comment ?? null,
      });
    },
    async doFail(ctx) {
      await platform(ctx).patch(supplierIntro, ctx.row.introId, { closeComment: ctx.input.comment ?? null });
    },
    async doCancel(ctx) {
      await platform(ctx).patch(supplierIntro, ctx.row.introId, { closeComment: ctx.input.comment ?? null });
    },
  },
});
