// Survey templates on the server: every save counts the version on; a scoring template
// (usage INSPECTION) has only scored items, with weights adding up to 100; a questionnaire
// template asks bank questions only, whose text and type it takes from the bank.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, type SaveContext, defineActions } from '@srm/platform';
import { surveyQuestion } from '../survey-question/survey-question.entity';
import { surveyTemplate, surveyTemplateLine } from './survey-template.entity';

async function questionnaireLines(ctx: SaveContext<typeof surveyTemplate>): Promise<RuleIssue | null> {
  const lines = ctx.newLines.lines;
  if (!lines.length) return { field: 'lines', message: 'srmSurveyTemplate.questionsRequired' };
  const unnamed = lines.findIndex((line) => line.questionId == null);
  if (unnamed >= 0)
    return { field: 'lines', message: 'srmSurveyTemplate.bankOnly', params: { line: String(unnamed + 1) } };
  const ids = [...new Set(lines.flatMap((line) => (line.questionId == null ? [] : [line.questionId])))];
  const bank = await ctx.system('a template takes its questions from the bank').list(surveyQuestion, {
    questionId: ids,
  });
  for (const line of lines) {
    const question = bank.find((found) => found.questionId === line.questionId);
    if (!question) continue;
    line.questionText = question.questionText;
    line.questionType = question.questionType;
    line.guidance = question.guidance;
  }
  return null;
}

/** The first free code of a copy: CODE_COPY, CODE_COPY2, … within the code's 30 characters. */
async function copyCode(ctx: DataApi, code: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_COPY' : `_COPY${n}`;
    const candidate = code.slice(0, 30 - suffix.length) + suffix;
    if (!(await ctx.list(surveyTemplate, { templateCode: candidate }, { limit: 1 })).length) return candidate;
  }
}

export const surveyTemplateActions = defineActions(surveyTemplate, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row } = ctx;
    row.templateVersion = (ctx.previous?.templateVersion ?? 0) + 1;
    if (row.usage === 'QUESTIONNAIRE') return questionnaireLines(ctx);
    // A scoring template: an inspection's or a satisfaction survey's items.
    if (row.usage !== 'INSPECTION' && row.usage !== 'SATISFACTION') return null;
    const lines = ctx.newLines.lines;
    if (!lines.length) return { field: 'lines', message: 'srmSurveyTemplate.itemsRequired' };
    const unscored = lines.findIndex((line) => line.questionType !== 'SCORE');
    if (unscored >= 0)
      return {
        field: 'lines',
        message: 'srmSurveyTemplate.scoreOnly',
        params: { line: String(unscored + 1) },
      };
    // Hundredths, so that 33.33 + 33.33 + 33.34 is 100 exactly.
    const total = lines.reduce((sum, line) => sum + Math.round(Number(line.weight ?? 0) * 100), 0);
    if (total !== 10_000)
      return {
        field: 'lines',
        message: 'srmSurveyTemplate.weightsTo100',
        params: { total: (total / 100).toFixed(2) },
      };
    return null;
  },
  actions: {
    async doCopy(ctx) {
      const { row } = ctx;
      const data = ctx.system('a copy of a template takes a free code');
      const lines = await data.lines(surveyTemplateLine, row.templateId);
      await ctx.save(surveyTemplate, {
        templateCode: await copyCode(data, row.templateCode),
        templateName: `${row.templateName.slice(0, 110)}${ctx.t('srmSurveyTemplate.copySuffix')}`,
        usage: row.usage,
        description: row.description,
        lines: lines.map((line) => ({
          lineNum: line.lineNum,
          questionId: line.questionId,
          questionText: line.questionText,
          questionType: line.questionType,
          weight: line.weight,
          requiredFlag: line.requiredFlag,
          guidance: line.guidance,
        })),
      });
    },
  },
});
