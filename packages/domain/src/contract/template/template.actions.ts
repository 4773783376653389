// Contract templates on the server: every save reads the .docx body and checks its tags against
// the contract's dictionary — each of docxtemplater's errors and each unknown name is refused
// with its tag and where it stands — and keeps the names it uses. A new version's approval
// supersedes the one it alters; 变更 (doAlteration) opens the next version as a draft copy, its
// signature positions, default stages, clause slots and files with it, once. Default stages add up to 100 %.
import type { RuleIssue } from '@srm/kernel';
import {
  AppError,
  type DataApi,
  defineActions,
  defineEndpoints,
  endpoint,
  validateDocxTemplate,
} from '@srm/platform';
import { ref, sum, textarea } from '@srm/kernel';
import { fileBytes, fileIds, issue } from '../support';
import { nextVersion, supersede } from '../versions.server';
import { CONTRACT_DICTIONARY } from './template-dictionary';
import { templateClause } from './template-clause.entity';
import { templateStage } from './template-stage.entity';
import { contractTemplate, templateSign } from './template.entity';

/** The errors of a template shown at once (a broken file can have hundreds). */
const MAX_ISSUES = 20;
/** docxtemplater's error ids (and the dictionary's) that have a message of their own. */
const KNOWN_ERRORS = new Set([
  'unclosed_tag',
  'unopened_tag',
  'unclosed_loop',
  'unopened_loop',
  'closing_tag_does_not_match_opening_tag',
  'duplicate_open_tag',
  'duplicate_close_tag',
  'unknown_tag',
  'unknown_loop',
  'loop_as_variable',
  'raw_xml_tag',
]);

/** What is wrong with the template's body, as the user reads it; [] when it is sound. */
async function bodyIssues(
  ctx: DataApi,
  bodyFileIds: string | null,
): Promise<{ issues: RuleIssue[]; names: string[] }> {
  const [id] = fileIds(bodyFileIds);
  if (!id) return { issues: [], names: [] };
  const file = await fileBytes(ctx, id);
  if (!file || file.row.suffixName.toLowerCase() !== 'docx')
    return { issues: [{ field: 'bodyFileIds', message: 'srmCctTemplate.notDocx' }], names: [] };
  try {
    const check = await validateDocxTemplate(file.bytes, CONTRACT_DICTIONARY);
    const issues = check.errors.slice(0, MAX_ISSUES).map((error) => ({
      field: 'bodyFileIds',
      message: `srmCctTemplate.error.${KNOWN_ERRORS.has(error.code) ? error.code : 'other'}`,
      params: { tag: error.tag, offset: error.offset ?? 0, detail: error.message.slice(0, 200) },
    }));
    return { issues, names: check.variables };
  } catch {
    // Not a readable Word document (the office module refuses it as unreadable or too large).
    return { issues: [{ field: 'bodyFileIds', message: 'srmCctTemplate.notDocx' }], names: [] };
  }
}

export const templateActions = defineActions(contractTemplate, {
  async beforeSave(ctx) {
    const { issues, names } = await bodyIssues(ctx, ctx.row.bodyFileIds);
    if (issues.length) return issues;
    ctx.row.variables = names.join(', ').slice(0, 4000) || null;
    const parties = ctx.newLines.signs.map((sign) => sign.party);
    if (new Set(parties).size !== parties.length) return [issue('srmCctTemplate.partyTwice')];
    // Default stages, where there are any, add up to the whole contract.
    const ratios = sum(ctx.newLines.stages, (stage) => stage.ratio);
    if (ctx.newLines.stages.length && !ratios.equals(100))
      return [issue('srmCctTemplate.stageRatios', { total: ratios.toNumber() })];
    return [];
  },
  actions: {
    doApproval: (ctx) => supersede(ctx, contractTemplate, ctx.row.previousTemplateId),
  },
});

export const templateEndpoints = defineEndpoints(contractTemplate, {
  /** 变更: the next version of an effective template, as a draft copy of it. */
  doAlteration: endpoint({
    summary: 'Open the next version of an effective contract template as a draft',
    input: {
      templateId: ref('srmCctTemplate', { required: true }),
      changeReason: textarea({ max: 500 }),
    },
    scope: contractTemplate,
    resource: 'button',
    write: true,
    async handle(ctx, input) {
      const [current] = await ctx.list(contractTemplate, { templateId: input.templateId });
      if (!current) throw new AppError(404, 'entity.notFound');
      const versions = await ctx.list(contractTemplate, { templateCode: current.templateCode });
      const version = nextVersion(
        { status: current.status, version: current.templateVersion },
        versions.map((row) => ({ status: row.status, version: row.templateVersion })),
      );
      const [id] = await ctx.insert(contractTemplate, [
        {
          templateCode: current.templateCode,
          templateVersion: version,
          templateName: current.templateName,
          contractType: current.contractType,
          orgId: current.orgId,
          // The old version's files until their copies are made for this one (below).
          bodyFileIds: current.bodyFileIds,
          variables: current.variables,
          previousTemplateId: current.templateId,
          changeReason: input.changeReason ?? null,
          remark: current.remark,
        },
      ]);
      const signs = await ctx.lines(templateSign, current.templateId);
      await ctx.insert(
        templateSign,
        signs.map(({ party, sealKind, keyword, pageNum, posX, posY, width, height }) => ({
          templateId: id!,
          party,
          sealKind,
          keyword,
          pageNum,
          posX,
          posY,
          width,
          height,
        })),
      );
      const stages = await ctx.lines(templateStage, current.templateId);
      await ctx.insert(
        templateStage,
        stages.map(({ stageNum, stageName, milestone, ratio, paymentMethod, daysAfter, retentionRatio }) => ({
          templateId: id!,
          stageNum,
          stageName,
          milestone,
          ratio,
          paymentMethod,
          daysAfter,
          retentionRatio,
        })),
      );
      const clauses = await ctx.lines(templateClause, current.templateId);
      await ctx.insert(
        templateClause,
        clauses.map(({ sequenceNum, termsId, requiredFlag, editableFlag }) => ({
          templateId: id!,
          sequenceNum,
          termsId,
          requiredFlag,
          editableFlag,
        })),
      );
      // The files: copies over the same stored content, linked to the new version.
      const files = ctx.services.attachments;
      if (files) {
        const target = (field: string) => ({
          entity: contractTemplate,
          recordId: id!,
          field,
          userId: ctx.actor.userId,
        });
        const body = await files.copyTo(ctx.tx, fileIds(current.bodyFileIds), target('bodyFileIds'));
        const annexes = await files.copyTo(ctx.tx, fileIds(current.annexIds), target('annexIds'));
        await ctx.patch(contractTemplate, id!, {
          ...(body.length ? { bodyFileIds: body.join(',') } : {}),
          annexIds: annexes.join(',') || null,
        });
      }
      return { data: await ctx.find(contractTemplate, id!) };
    },
  }),
});
