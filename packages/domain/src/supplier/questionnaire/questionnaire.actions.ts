// Questionnaires on the server. A draft shows the questions its template asks today (copied again
// whenever the template changes); publishing needs a due date ahead, an active questionnaire
// template and a supplier at least, copies the questions, options and points once more as they
// are that day — keeping the template's version — and makes each supplier's reply, which it is
// told of. Completing waits for every submitted reply to be reviewed and closes the others.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { surveyQuestion, surveyQuestionOption } from '../survey-question/survey-question.entity';
import { surveyTemplate, surveyTemplateLine } from '../survey-template/survey-template.entity';
import {
  questionnaireAnswer,
  questionnaireChoice,
  questionnaireReply,
} from '../questionnaire-reply/questionnaire-reply.entity';
import { questionMaxPoints } from '../questionnaire-reply/questionnaire-reply.score';
import { CHOICE_TYPES } from '../survey-question/survey-question.entity';
import { introStepIssue } from '../supplier-intro/step-documents';
import {
  questionnaire,
  questionnaireObject,
  questionnaireOption,
  questionnaireQuestion,
} from './questionnaire.entity';

const platform = (ctx: DataApi) => ctx.system('a questionnaire copies its template and makes the replies');

interface Copied {
  readonly templateVersion: number;
  readonly totalPoints: number;
  readonly questions: Record<string, unknown>[];
  readonly options: Record<string, unknown>[];
}

/** The template's questions with their bank options, as they are now. */
async function templateQuestions(data: DataApi, templateId: number): Promise<Copied> {
  const [template] = await data.list(surveyTemplate, { templateId }, { limit: 1 });
  const lines = await data.lines(surveyTemplateLine, templateId);
  const bankIds = lines.map((line) => line.questionId).filter((id): id is number => id !== null);
  const bank = bankIds.length ? await data.list(surveyQuestion, { questionId: bankIds }) : [];
  const questions: Record<string, unknown>[] = [];
  const options: Record<string, unknown>[] = [];
  let total = 0;
  for (const line of [...lines].sort((a, b) => Number(a.lineNum) - Number(b.lineNum))) {
    const question = bank.find((found) => found.questionId === line.questionId);
    const questionType = question?.questionType ?? line.questionType;
    const own =
      question && CHOICE_TYPES.includes(questionType)
        ? (await data.lines(surveyQuestionOption, question.questionId)).sort(
            (a, b) => Number(a.optionNum) - Number(b.optionNum),
          )
        : [];
    const maxPoints = questionMaxPoints(
      questionType,
      question?.maxPoints ?? null,
      own.map((option) => option.points),
    );
    total += Math.round(maxPoints * 100);
    questions.push({
      questionNum: line.lineNum,
      questionText: question?.questionText ?? line.questionText,
      questionType,
      requiredFlag: line.requiredFlag ?? 'Y',
      maxPoints,
      guidance: question?.guidance ?? line.guidance,
    });
    for (const option of own)
      options.push({
        questionNum: line.lineNum,
        optionNum: option.optionNum,
        optionText: option.optionText,
        points: option.points,
      });
  }
  return { templateVersion: template?.templateVersion ?? 0, totalPoints: total / 100, questions, options };
}

/** Puts the template's questions on the questionnaire in place of those it had. */
async function copyQuestions(data: DataApi, questionnaireId: number, templateId: number): Promise<Copied> {
  const copied = await templateQuestions(data, templateId);
  const oldQuestions = await data.lines(questionnaireQuestion, questionnaireId);
  const oldOptions = await data.lines(questionnaireOption, questionnaireId);
  await data.remove(
    questionnaireOption,
    oldOptions.map((row) => row.questionOptionId),
  );
  await data.remove(
    questionnaireQuestion,
    oldQuestions.map((row) => row.questionLineId),
  );
  await data.insert(
    questionnaireQuestion,
    copied.questions.map((row) => ({ ...row, questionnaireId }) as never),
  );
  await data.insert(
    questionnaireOption,
    copied.options.map((row) => ({ ...row, questionnaireId }) as never),
  );
  return copied;
}

export const questionnaireActions = defineActions(questionnaire, {
  // A recipient serving an introduction (of its own supplier: the reference's filter): the
  // introduction runs with a 调查问卷 step; the questionnaire then says what score passes.
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const serving = ctx.newLines.objects.filter((object) => object.introId != null);
    for (const object of serving) {
      const before = ctx.oldLines.objects.find((old) => old.objectId === object.objectId);
      if (before && before.introId === object.introId && before.supplierId === object.supplierId) continue;
      const issue = await introStepIssue(ctx, questionnaire.name, object.introId!, 'QUESTIONNAIRE');
      if (issue) return { ...issue, field: 'objects' };
    }
    if (serving.length && ctx.row.passScore == null)
      return { field: 'passScore', message: 'srmQuestionnaire.passScoreRequired' };
    return null;
  },
  async afterSave(ctx) {
    const templateId = ctx.row.templateId;
    if (templateId == null || (ctx.previous && ctx.previous.templateId === templateId)) return;
    await copyQuestions(platform(ctx), ctx.id, templateId);
  },
  guards: {
    async doPublish(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const data = platform(ctx);
      if (previous.dueDate < dayIn(ctx.now, ctx.runtime.timeZone))
        return { field: 'dueDate', message: 'srmQuestionnaire.dueInPast' };
      const [template] = await data.list(surveyTemplate, { templateId: previous.templateId }, { limit: 1 });
      if (!template || template.status !== 'ACTIVE' || template.usage !== 'QUESTIONNAIRE')
        return { field: 'templateId', message: 'srmQuestionnaire.templateNotActive' };
      if (!(await data.lines(surveyTemplateLine, previous.templateId)).length)
        return { field: 'templateId', message: 'srmQuestionnaire.noQuestions' };
      if (!(await data.lines(questionnaireObject, previous.questionnaireId)).length)
        return { field: 'objects', message: 'srmQuestionnaire.objectsRequired' };
      return null;
    },
    async doComplete(ctx): Promise<RuleIssue | null> {
      const pending = await platform(ctx).list(questionnaireReply, {
        questionnaireId: ctx.previous.questionnaireId,
        status: 'SUBMITTED',
      });
      return pending.length
        ? {
            message: 'srmQuestionnaire.reviewPending',
            params: { count: pending.length, numbers: pending.map((reply) => reply.replyNum).join('、') },
          }
        : null;
    },
  },
  actions: {
    async doPublish(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const copied = await copyQuestions(data, row.questionnaireId, row.templateId);
      await data.patch(questionnaire, row.questionnaireId, {
        templateVersion: copied.templateVersion,
        totalPoints: copied.totalPoints,
        publishedDate: dayIn(ctx.now, ctx.runtime.timeZone),
      });
      for (const object of await data.lines(questionnaireObject, row.questionnaireId)) {
        const [replyId] = await data.insert(questionnaireReply, [
          {
            questionnaireId: row.questionnaireId,
            supplierId: object.supplierId,
            title: row.title,
            instructions: row.description,
            dueDate: row.dueDate,
            totalPoints: copied.totalPoints,
            totalScore: 0,
          },
        ]);
        await data.insert(
          questionnaireAnswer,
          copied.questions.map((question) => ({ ...question, replyId: replyId! }) as never),
        );
        await data.insert(
          questionnaireChoice,
          copied.options.map(
            (option) =>
              ({
                ...option,
                replyId: replyId!,
                questionText: copied.questions.find((q) => q.questionNum === option.questionNum)
                  ?.questionText,
                questionType: copied.questions.find((q) => q.questionNum === option.questionNum)
                  ?.questionType,
                chosenFlag: 'N',
              }) as never,
          ),
        );
        await data.patch(questionnaireObject, object.objectId, {
          replyId: replyId!,
          replyStatus: 'OPEN',
          totalScore: 0,
        });
        const [reply] = await data.list(questionnaireReply, { replyId: replyId! }, { limit: 1 });
        await ctx.services.siteMessages?.notify({
          supplierId: object.supplierId,
          titleKey: 'srmQuestionnaire.message.publishedTitle',
          contentKey: 'srmQuestionnaire.message.publishedContent',
          params: { number: reply?.replyNum ?? '', title: row.title, date: row.dueDate },
          link: { entityName: questionnaireReply.name, documentId: replyId! },
          source: 'QUESTIONNAIRE_PUBLISHED',
          email: true,
          eventId: `${replyId}-published`,
        });
      }
    },
    async doComplete(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const open = await data.list(questionnaireReply, {
        questionnaireId: row.questionnaireId,
        status: ['OPEN', 'RETURNED'],
      });
      if (open.length)
        await data.act(
          questionnaireReply,
          'doClose',
          open.map((reply) => reply.replyId),
        );
      await data.patch(questionnaire, row.questionnaireId, {
        completedDate: dayIn(ctx.now, ctx.runtime.timeZone),
      });
    },
  },
});
