// Survey templates on the server: every save counts the version on; a scoring template
// (usage INSPECTION) has only scored items, with weights adding up to 100.
import type { RuleIssue } from '@srm/kernel';
import { defineActions } from '@srm/platform';
import { surveyTemplate } from './survey-template.entity';

export const surveyTemplateActions = defineActions(surveyTemplate, {
  beforeSave(ctx): RuleIssue | null {
    const { row } = ctx;
    row.templateVersion = (ctx.previous?.templateVersion ?? 0) + 1;
    if (row.usage !== 'INSPECTION') return null;
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
});
