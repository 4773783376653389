// The question bank on the server: a choice has two options or more, numbered apart; any other
// type has none; a score question names the top of its scale.
import type { RuleIssue } from '@srm/kernel';
import { defineActions } from '@srm/platform';
import { CHOICE_TYPES, surveyQuestion } from './survey-question.entity';

export const surveyQuestionActions = defineActions(surveyQuestion, {
  beforeSave(ctx): RuleIssue | null {
    const { row } = ctx;
    const options = ctx.newLines.options;
    if (CHOICE_TYPES.includes(String(row.questionType))) {
      if (options.length < 2) return { field: 'options', message: 'srmSurveyQuestion.optionsRequired' };
    } else if (options.length) {
      return { field: 'options', message: 'srmSurveyQuestion.noOptions' };
    }
    if (row.questionType === 'SCORE' && !(Number(row.maxPoints) > 0))
      return { field: 'maxPoints', message: 'srmSurveyQuestion.scaleRequired' };
    return null;
  },
});
