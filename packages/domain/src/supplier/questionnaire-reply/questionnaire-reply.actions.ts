// Questionnaire replies on the server. Only publishing makes one. The supplier's saves keep a
// single choice to one option and a score within its scale; the buyer scores text, number and
// file answers, only while the reply is submitted and up to each question's points. Every save
// works out the answers' points and the total. Submitting needs every required question answered
// by the due date and tells the questionnaire's author; accepting needs every reviewed answer given
// scored; returning sends it back with the comment; each step is mirrored on the questionnaire's
// object row and told to the supplier.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { CHOICE_TYPES, REVIEWED_TYPES } from '../survey-question/survey-question.entity';
import { questionnaire, questionnaireObject } from '../questionnaire/questionnaire.entity';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { writeIntroStep } from '../supplier-intro/step-documents';
import { questionnaireAnswer, questionnaireChoice, questionnaireReply } from './questionnaire-reply.entity';
import { answerPoints, replyTotal } from './questionnaire-reply.score';

const platform = (ctx: DataApi) => ctx.system('a reply is mirrored on its questionnaire');

type Values = { readonly [key: string]: unknown };
type Reply = Values & {
  replyId: number;
  replyNum: string | null;
  supplierId: number;
  questionnaireId: number;
};

/** The supplier gave an answer (an unanswered optional question scores nothing, unreviewed). */
const answered = (answer: Values) =>
  (typeof answer.answerText === 'string' && answer.answerText.trim() !== '') ||
  answer.answerNumber != null ||
  (typeof answer.answerFileIds === 'string' && answer.answerFileIds !== '');

const numbered = (answer: Values) => ({
  num: String(answer.questionNum),
  question: String(answer.questionText),
});

/** Its questionnaire's object row follows the reply (state, score, day submitted). */
async function mirror(ctx: DataApi, replyId: number): Promise<void> {
  const data = platform(ctx);
  const [reply] = await data.list(questionnaireReply, { replyId }, { limit: 1 });
  if (!reply) return;
  await data.patchWhere(
    questionnaireObject,
    { replyId },
    { replyStatus: reply.status, totalScore: reply.totalScore, submittedDate: reply.submittedDate },
  );
}

async function tellSupplier(ctx: DataApi, reply: Reply, what: 'accepted' | 'returned', comment: string) {
  await ctx.services.siteMessages?.notify({
    supplierId: reply.supplierId,
    titleKey: `srmQuestionnaireReply.message.${what}Title`,
    contentKey: `srmQuestionnaireReply.message.${what}Content`,
    params: { number: reply.replyNum ?? '', title: String(reply.title ?? ''), comment },
    link: { entityName: questionnaireReply.name, documentId: reply.replyId },
    source: 'QUESTIONNAIRE_REVIEWED',
    email: true,
    eventId: `${reply.replyId}-${what}-${ctx.now.getTime()}`,
  });
}

/** An accepted reply serving an introduction decides its 调查问卷 step by the pass score. */
async function decideIntroStep(
  ctx: DataApi & { runtime: { timeZone: string } },
  reply: Reply & { totalScore: number | null },
) {
  const data = platform(ctx);
  const [object] = await data.list(questionnaireObject, { replyId: reply.replyId }, { limit: 1 });
  if (!object?.introId) return;
  const [survey] = await data.list(questionnaire, { questionnaireId: reply.questionnaireId }, { limit: 1 });
  const score = Number(reply.totalScore ?? 0);
  const pass = Number(survey?.passScore ?? 0);
  await writeIntroStep(ctx, object.introId, 'QUESTIONNAIRE', {
    result: Math.round(score * 100) >= Math.round(pass * 100) ? 'PASS' : 'FAIL',
    documentRef: reply.replyNum,
    resultComment: ctx.t('srmQuestionnaireReply.stepComment', {
      number: reply.replyNum ?? '',
      score: score.toFixed(2),
      pass: pass.toFixed(2),
    }),
  });
}

export const questionnaireReplyActions = defineActions(questionnaireReply, {
  beforeSave(ctx): RuleIssue | null {
    const { row, previous, actor } = ctx;
    if (!previous && !actor.system) return { message: 'srmQuestionnaireReply.madeByPublish' };
    const answers = ctx.newLines.answers;
    const choices = ctx.newLines.choices;
    if (!actor.system && actor.side === 'supplier') {
      for (const answer of answers) {
        if (answer.questionType === 'SINGLE') {
          const chosen = choices.filter(
            (choice) => choice.questionNum === answer.questionNum && choice.chosenFlag === 'Y',
          );
          if (chosen.length > 1)
            return {
              field: 'choices',
              message: 'srmQuestionnaireReply.singleChoice',
              params: numbered(answer),
            };
        }
        if (
          answer.questionType === 'SCORE' &&
          answer.answerNumber != null &&
          (answer.answerNumber < 0 || answer.answerNumber > Number(answer.maxPoints ?? 0))
        )
          return {
            field: 'answers',
            message: 'srmQuestionnaireReply.scoreRange',
            params: { ...numbered(answer), max: Number(answer.maxPoints ?? 0).toFixed(2) },
          };
      }
    }
    if (!actor.system && actor.side === 'internal') {
      for (const answer of answers) {
        const before = ctx.oldLines.answers.find((old) => old.answerId === answer.answerId);
        if ((answer.reviewPoints ?? null) === (before?.reviewPoints ?? null)) continue;
        if (previous?.status !== 'SUBMITTED')
          return { field: 'answers', message: 'srmQuestionnaireReply.reviewWhenSubmitted' };
        if (answer.reviewPoints != null && answer.reviewPoints > Number(answer.maxPoints ?? 0))
          return {
            field: 'answers',
            message: 'srmQuestionnaireReply.reviewRange',
            params: { ...numbered(answer), max: Number(answer.maxPoints ?? 0).toFixed(2) },
          };
      }
    }
    const scored = answers.map((answer) => ({
      questionNum: Number(answer.questionNum),
      questionType: String(answer.questionType),
      answerNumber: answer.answerNumber ?? null,
      reviewPoints: answer.reviewPoints ?? null,
    }));
    const picked = choices.map((choice) => ({
      questionNum: Number(choice.questionNum),
      points: choice.points ?? null,
      chosenFlag: choice.chosenFlag ?? null,
    }));
    row.totalScore = replyTotal(scored, picked);
    return null;
  },
  // Each answer's points, written where they changed (a save writes only the lines it changed).
  async afterSave(ctx) {
    const data = platform(ctx);
    const choices = await data.lines(questionnaireChoice, ctx.id);
    for (const answer of await data.lines(questionnaireAnswer, ctx.id)) {
      const points = answerPoints(answer, choices);
      if (points !== answer.points) await data.patch(questionnaireAnswer, answer.answerId, { points });
    }
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const today = dayIn(ctx.now, ctx.runtime.timeZone);
      if (previous.dueDate && today > previous.dueDate)
        return { message: 'srmQuestionnaireReply.pastDue', params: { date: previous.dueDate } };
      const data = platform(ctx);
      const choices = await data.lines(questionnaireChoice, previous.replyId);
      for (const answer of await data.lines(questionnaireAnswer, previous.replyId)) {
        if (answer.requiredFlag !== 'Y') continue;
        const answered = CHOICE_TYPES.includes(answer.questionType)
          ? choices.some((choice) => choice.questionNum === answer.questionNum && choice.chosenFlag === 'Y')
          : answer.questionType === 'TEXT'
            ? !!answer.answerText?.trim()
            : answer.questionType === 'FILE'
              ? !!answer.answerFileIds
              : answer.answerNumber !== null;
        if (!answered)
          return { field: 'answers', message: 'srmQuestionnaireReply.unanswered', params: numbered(answer) };
      }
      return null;
    },
    async doAccept(ctx): Promise<RuleIssue | null> {
      for (const answer of await platform(ctx).lines(questionnaireAnswer, ctx.previous.replyId))
        if (
          REVIEWED_TYPES.includes(answer.questionType) &&
          Number(answer.maxPoints) > 0 &&
          answer.reviewPoints === null &&
          answered(answer)
        )
          return {
            field: 'answers',
            message: 'srmQuestionnaireReply.reviewMissing',
            params: numbered(answer),
          };
      return null;
    },
  },
  actions: {
    async doSubmit(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      await data.patch(questionnaireReply, row.replyId, {
        submittedDate: dayIn(ctx.now, ctx.runtime.timeZone),
      });
      await mirror(ctx, row.replyId);
      const [author] = await data.list(questionnaire, { questionnaireId: row.questionnaireId }, { limit: 1 });
      const [supplier] = await data.list(supplierInfo, { supplierId: row.supplierId }, { limit: 1 });
      if (author?.createdBy)
        await ctx.services.siteMessages?.notify({
          userIds: [author.createdBy],
          titleKey: 'srmQuestionnaireReply.message.submittedTitle',
          contentKey: 'srmQuestionnaireReply.message.submittedContent',
          params: {
            number: row.replyNum ?? '',
            title: row.title ?? '',
            supplier: supplier?.supplierName ?? '',
          },
          link: { entityName: questionnaireReply.name, documentId: row.replyId },
          source: 'QUESTIONNAIRE_SUBMITTED',
          eventId: `${row.replyId}-submitted-${ctx.now.getTime()}`,
        });
    },
    async doAccept(ctx) {
      const { row } = ctx;
      await decideIntroStep(ctx, row);
      await platform(ctx).patch(questionnaireReply, row.replyId, {
        reviewedDate: dayIn(ctx.now, ctx.runtime.timeZone),
        ...(ctx.input.comment ? { reviewComment: ctx.input.comment } : {}),
      });
      await mirror(ctx, row.replyId);
      await tellSupplier(ctx, row, 'accepted', ctx.input.comment ?? '');
    },
    async doReturn(ctx) {
      const { row } = ctx;
      await platform(ctx).patch(questionnaireReply, row.replyId, {
        reviewedDate: dayIn(ctx.now, ctx.runtime.timeZone),
        reviewComment: ctx.input.comment ?? '',
      });
      await mirror(ctx, row.replyId);
      await tellSupplier(ctx, row, 'returned', ctx.input.comment ?? '');
    },
    async doClose(ctx) {
      await mirror(ctx, ctx.row.replyId);
    },
  },
});
