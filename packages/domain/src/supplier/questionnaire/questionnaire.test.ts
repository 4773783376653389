// Questionnaires: the bank's rules; a questionnaire template asks bank questions only; publishing
// copies the questions, options and points and makes a reply per supplier, and nothing edited in
// the template or the bank afterwards reaches what was published; a reply scores the sum of the
// points of the options chosen (plus its score answer and the reviewer's points); the supplier
// answers only its own reply, by the due date; the buyer scores, returns and accepts; completing
// waits for the reviews and closes the replies never submitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, seedsNamed, startTestServer, supplierUser, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { keysOf, startedIntro } from '../../domain.testing';
import { supplierSeeds } from '../server';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';

type Row = Record<string, unknown>;
type Reply = Row & {
  replyId: number;
  versionNum: number;
  status: string;
  totalScore: number;
  answers: (Row & { answerId: number; questionNum: number; questionType: string; points: number | null })[];
  choices: (Row & { choiceId: number; questionNum: number; optionNum: number })[];
};
type Questionnaire = Row & {
  questionnaireId: number;
  versionNum: number;
  status: string;
  questions: Row[];
  options: Row[];
  objects: (Row & { supplierId: number; replyId: number | null })[];
};

const QUESTION = (action: string) => api('srmSurveyQuestion', action);
const TEMPLATE = (action: string) => api('srmSurveyTemplate', action);
const QUESTIONNAIRE = (action: string) => api('srmQuestionnaire', action);
const REPLY = (action: string) => api('srmQuestionnaireReply', action);

let server: TestServer;
const ids: Record<string, number> = {};
let today = '';
let templateId = 0;
let published: Questionnaire;

const asA = () => ({ actor: supplierUser(ids.A!) });
const asB = () => ({ actor: supplierUser(ids.B!) });
const findReply = async (replyId: number, options = {}) =>
  (await server.post<Reply>(REPLY('findById'), { replyId }, options)).body.data;
const replyOf = (supplier: 'A' | 'B') =>
  published.objects.find((o) => o.supplierId === ids[supplier])!.replyId!;
/** The supplier's choices by question: option numbers ticked. */
const ticks = (reply: Reply, chosen: Record<number, readonly number[]>) =>
  reply.choices.map((choice) => ({
    choiceId: choice.choiceId,
    chosenFlag: (chosen[choice.questionNum] ?? []).includes(choice.optionNum) ? 'Y' : 'N',
  }));
const answersOf = (reply: Reply, byType: Record<string, Row>) =>
  reply.answers.map((answer) => ({ answerId: answer.answerId, ...(byType[answer.questionType] ?? {}) }));

async function bankQuestion(body: Row): Promise<number> {
  const saved = await server.post<{ questionId: number }>(QUESTION('saveOrUpdate'), body);
  expect(saved.body.status, saved.body.msg).toBe('S');
  return saved.body.data.questionId;
}

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'categories'),
      ...supplierSeeds,
    ],
  });
  today = dayIn(server.clock.now(), server.runtime.timeZone);
  Object.assign(
    ids,
    await keysOf(server, [
      ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
      ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
      ['0301', 'srmBaseCategory', { categoryCode: '0301' }],
      ['OU200', 'srmBaseOrg', { orgCode: 'OU200' }],
    ]),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('the question bank and the template', () => {
  it('keeps options to choices and asks a score its scale', async () => {
    const oneOption = await server.post(QUESTION('saveOrUpdate'), {
      questionCode: 'T_ONE',
      questionText: '是否有环评批复？',
      questionType: 'SINGLE',
      options: [{ optionNum: 1, optionText: '有', points: 5 }],
    });
    expect([oneOption.httpStatus, oneOption.body.msg]).toEqual([400, '选项：单选题和多选题至少需要两个选项']);
    const textWithOptions = await server.post(QUESTION('saveOrUpdate'), {
      questionCode: 'T_TEXT',
      questionText: '说明',
      questionType: 'TEXT',
      options: [
        { optionNum: 1, optionText: 'a', points: 1 },
        { optionNum: 2, optionText: 'b', points: 1 },
      ],
    });
    expect(textWithOptions.body.msg).toBe('选项：只有单选题和多选题可以设置选项');
    const scale = await server.post(QUESTION('saveOrUpdate'), {
      questionCode: 'T_SCORE',
      questionText: '自评',
      questionType: 'SCORE',
    });
    expect(scale.body.msg).toBe('分值：评分题须填写分值（评分上限）');

    ids.single = await bankQuestion({
      questionCode: 'T_ISO',
      questionText: '是否通过 ISO 9001 认证？',
      questionType: 'SINGLE',
      options: [
        { optionNum: 1, optionText: '已认证', points: 12.5 },
        { optionNum: 2, optionText: '认证中', points: 6.25 },
        { optionNum: 3, optionText: '未认证', points: 0 },
      ],
    });
    ids.multiple = await bankQuestion({
      questionCode: 'T_TOOLS',
      questionText: '使用了哪些质量工具？',
      questionType: 'MULTIPLE',
      options: [
        { optionNum: 1, optionText: 'SPC', points: 3.33 },
        { optionNum: 2, optionText: 'FMEA', points: 3.33 },
        { optionNum: 3, optionText: '8D', points: 3.34 },
      ],
    });
    ids.text = await bankQuestion({
      questionCode: 'T_ENV',
      questionText: '环境管理措施',
      questionType: 'TEXT',
      maxPoints: 20,
    });
    ids.score = await bankQuestion({
      questionCode: 'T_SELF',
      questionText: '交付自评',
      questionType: 'SCORE',
      maxPoints: 10,
      requiredFlag: 'N',
    });
  });

  it('asks bank questions only, with the bank’s text and type', async () => {
    const ad = await server.post(TEMPLATE('saveOrUpdate'), {
      templateCode: 'T_QN',
      templateName: '测试问卷模板',
      usage: 'QUESTIONNAIRE',
      lines: [{ lineNum: 1, questionText: '随手写的题', questionType: 'TEXT' }],
    });
    expect([ad.httpStatus, ad.body.msg]).toEqual([
      400,
      '题目/评分项：调查问卷模板的题目须从题库选择，第 1 行未选择题库题目',
    ]);
    const saved = await server.post<Row & { templateId: number; lines: Row[] }>(TEMPLATE('saveOrUpdate'), {
      templateCode: 'T_QN',
      templateName: '测试问卷模板',
      usage: 'QUESTIONNAIRE',
      lines: [
        { lineNum: 1, questionId: ids.single, questionText: 'x', questionType: 'TEXT' },
        { lineNum: 2, questionId: ids.multiple, questionText: 'x', questionType: 'TEXT' },
        { lineNum: 3, questionId: ids.text, questionText: 'x', questionType: 'SINGLE' },
        { lineNum: 4, questionId: ids.score, questionText: 'x', questionType: 'TEXT', requiredFlag: 'N' },
      ],
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    templateId = saved.body.data.templateId;
    expect(saved.body.data.lines.map((line) => [line.questionText, line.questionType])).toEqual([
      ['是否通过 ISO 9001 认证？', 'SINGLE'],
      ['使用了哪些质量工具？', 'MULTIPLE'],
      ['环境管理措施', 'TEXT'],
      ['交付自评', 'SCORE'],
    ]);

    // 复制: a new template with the same lines, under a free code.
    for (const code of ['T_QN_COPY', 'T_QN_COPY2']) {
      const copied = await server.post(TEMPLATE('doCopy'), { templateId, versionNum: undefined });
      expect(copied.body.status, copied.body.msg).toBe('S');
      const copy = await server.first<Row & { templateId: number }>('srmSurveyTemplate', {
        templateCode: code,
      });
      const lines = (
        await server.post<Row & { lines: Row[] }>(TEMPLATE('findById'), { templateId: copy.templateId })
      ).body.data.lines;
      expect([copy.templateName, copy.usage, copy.templateVersion, copy.status]).toEqual([
        '测试问卷模板（副本）',
        'QUESTIONNAIRE',
        1,
        'ACTIVE',
      ]);
      expect(lines.map((line) => [line.lineNum, line.questionId, line.requiredFlag])).toEqual(
        saved.body.data.lines.map((line) => [line.lineNum, line.questionId, line.requiredFlag]),
      );
    }
  });
});

describe('publishing', () => {
  it('shows the questions in draft, publishes to each supplier, and keeps what it published', async () => {
    const body = {
      title: '年度调查',
      templateId,
      dueDate: addDays(today, 7),
      description: '请如实填写',
      objects: [{ supplierId: ids.A }, { supplierId: ids.B }],
    };
    const none = await server.post<Questionnaire>(QUESTIONNAIRE('saveOrUpdate'), { ...body, objects: [] });
    expect(none.body.status, none.body.msg).toBe('S');
    expect(none.body.data.questions).toHaveLength(4);
    expect(none.body.data.options).toHaveLength(6);
    const noObjects = await server.post(QUESTIONNAIRE('doPublish'), {
      questionnaireId: none.body.data.questionnaireId,
      versionNum: none.body.data.versionNum,
    });
    expect(noObjects.body.msg).toBe('调查对象：请至少添加一个调查对象（供应商）');
    const late = await server.post<Questionnaire>(QUESTIONNAIRE('saveOrUpdate'), {
      ...body,
      dueDate: addDays(today, -1),
    });
    const lateRefused = await server.post(QUESTIONNAIRE('doPublish'), {
      questionnaireId: late.body.data.questionnaireId,
      versionNum: late.body.data.versionNum,
    });
    expect(lateRefused.body.msg).toBe('截止日期：截止日期已过，请修改截止日期后再发布');

    const saved = await server.post<Questionnaire>(QUESTIONNAIRE('saveOrUpdate'), body);
    expect(saved.body.status, saved.body.msg).toBe('S');
    const done = await server.post(QUESTIONNAIRE('doPublish'), {
      questionnaireId: saved.body.data.questionnaireId,
      versionNum: saved.body.data.versionNum,
    });
    expect(done.body.status, done.body.msg).toBe('S');
    published = (
      await server.post<Questionnaire>(QUESTIONNAIRE('findById'), {
        questionnaireId: saved.body.data.questionnaireId,
      })
    ).body.data;
    expect(published.status).toBe('PUBLISHED');
    expect(published.templateVersion).toBe(1);
    // 12.50 + (3.33 + 3.33 + 3.34) + 20 + 10
    expect(published.totalPoints).toBe(52.5);
    expect(published.objects.map((o) => o.replyStatus)).toEqual(['OPEN', 'OPEN']);

    // The bank and the template change afterwards: nothing published does.
    const question = (
      await server.post<Row & { options: Row[] }>(QUESTION('findById'), { questionId: ids.single })
    ).body.data;
    const bankEdit = await server.post(QUESTION('saveOrUpdate'), {
      questionId: ids.single,
      versionNum: question.versionNum,
      questionText: '改过的题目',
      options: question.options.map((option) => ({ optionId: option.optionId, points: 1 })),
    });
    expect(bankEdit.body.status, bankEdit.body.msg).toBe('S');
    const template = (await server.post<Row & { lines: Row[] }>(TEMPLATE('findById'), { templateId })).body
      .data;
    const templateEdit = await server.post(TEMPLATE('saveOrUpdate'), {
      templateId,
      versionNum: template.versionNum,
      lines: template.lines.slice(0, 2).map((line) => ({ templateLineId: line.templateLineId })),
    });
    expect(templateEdit.body.status, templateEdit.body.msg).toBe('S');
    const after = (
      await server.post<Questionnaire>(QUESTIONNAIRE('findById'), {
        questionnaireId: published.questionnaireId,
      })
    ).body.data;
    expect(after.questions).toEqual(published.questions);
    expect(after.options).toEqual(published.options);
    expect([after.templateVersion, after.totalPoints]).toEqual([1, 52.5]);
    const reply = await findReply(replyOf('A'), asA());
    expect(reply.answers.map((answer) => answer.questionText)).toEqual([
      '是否通过 ISO 9001 认证？',
      '使用了哪些质量工具？',
      '环境管理措施',
      '交付自评',
    ]);
    expect(reply.choices.map((choice) => choice.points)).toEqual([12.5, 6.25, 0, 3.33, 3.33, 3.34]);
  });
});

describe('answering and reviewing', () => {
  it('lets a supplier answer only its own reply, one option of a single choice, a score in its scale', async () => {
    const replyA = replyOf('A');
    expect((await server.post(REPLY('findById'), { replyId: replyA }, asB())).httpStatus).toBe(404);
    const mine = await server.post<Row[]>(REPLY('listByPage'), {}, asB());
    expect([...new Set(mine.body.data.map((row) => row.supplierId))]).toEqual([ids.B]);
    const made = await server.post(REPLY('saveOrUpdate'), { replyNote: '自己建一份' }, asB());
    // The questionnaire a reply answers is the platform's to set: a supplier cannot make one.
    expect([made.httpStatus, made.body.msg]).toEqual([400, '问卷编号：必填']);

    let reply = await findReply(replyA, asA());
    const byB = await server.post(
      REPLY('saveOrUpdate'),
      { replyId: replyA, versionNum: reply.versionNum, replyNote: '冒名' },
      asB(),
    );
    expect(byB.httpStatus).toBe(404);
    const two = await server.post(
      REPLY('saveOrUpdate'),
      { replyId: replyA, versionNum: reply.versionNum, choices: ticks(reply, { 1: [1, 2] }) },
      asA(),
    );
    expect(two.body.msg).toBe('选择题作答：第 1 题“是否通过 ISO 9001 认证？”为单选题，只能选择一项');
    const over = await server.post(
      REPLY('saveOrUpdate'),
      {
        replyId: replyA,
        versionNum: reply.versionNum,
        answers: answersOf(reply, { SCORE: { answerNumber: 11 } }),
      },
      asA(),
    );
    expect(over.body.msg).toBe('答题：第 4 题“交付自评”的评分须在 0 到 10.00 之间');
    const textOnChoice = await server.post(
      REPLY('saveOrUpdate'),
      {
        replyId: replyA,
        versionNum: reply.versionNum,
        answers: answersOf(reply, { SINGLE: { answerText: '已认证' } }),
      },
      asA(),
    );
    expect([textOnChoice.httpStatus, textOnChoice.body.msg]).toEqual([
      400,
      '答题第 1 行，文字回答：不适用于此行',
    ]);
    const selfReviewed = await server.post(
      REPLY('saveOrUpdate'),
      {
        replyId: replyA,
        versionNum: reply.versionNum,
        answers: answersOf(reply, { TEXT: { reviewPoints: 20 } }),
      },
      asA(),
    );
    expect(selfReviewed.httpStatus).toBe(403);

    const draft = await server.post<Reply>(
      REPLY('saveOrUpdate'),
      {
        replyId: replyA,
        versionNum: reply.versionNum,
        choices: ticks(reply, { 1: [1], 2: [1, 2, 3] }),
        answers: answersOf(reply, { SCORE: { answerNumber: 8.5 } }),
      },
      asA(),
    );
    expect(draft.body.status, draft.body.msg).toBe('S');
    // 12.50 + 3.33 + 3.33 + 3.34 + 8.50: the options' points and the score, nothing for the text yet.
    expect(draft.body.data.totalScore).toBe(31);
    expect(draft.body.data.answers.map((answer) => answer.points)).toEqual([12.5, 10, null, 8.5]);

    reply = await findReply(replyA, asA());
    const unanswered = await server.post(
      REPLY('doSubmit'),
      { replyId: replyA, versionNum: reply.versionNum },
      asA(),
    );
    expect(unanswered.body.msg).toBe('答题：第 3 题“环境管理措施”为必答题，请作答后再提交');
    const answered = await server.post<Reply>(
      REPLY('saveOrUpdate'),
      {
        replyId: replyA,
        versionNum: reply.versionNum,
        answers: answersOf(reply, { TEXT: { answerText: '废水处理达标排放' } }),
      },
      asA(),
    );
    expect(answered.body.status, answered.body.msg).toBe('S');
    const submitted = await server.post(
      REPLY('doSubmit'),
      { replyId: replyA, versionNum: answered.body.data.versionNum },
      asA(),
    );
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    reply = await findReply(replyA, asA());
    expect([reply.status, reply.submittedDate]).toEqual(['SUBMITTED', today]);
    const locked = await server.post(
      REPLY('saveOrUpdate'),
      { replyId: replyA, versionNum: reply.versionNum, replyNote: '补充' },
      asA(),
    );
    expect([locked.httpStatus, locked.body.msg]).toEqual([409, '单据当前状态为“已提交”，不可修改']);
  });

  it('has the buyer score the text, return it, and accept it once answered again', async () => {
    const replyA = replyOf('A');
    let reply = await findReply(replyA);
    const onChoice = await server.post(REPLY('saveOrUpdate'), {
      replyId: replyA,
      versionNum: reply.versionNum,
      answers: answersOf(reply, { SINGLE: { reviewPoints: 5 } }),
    });
    expect([onChoice.httpStatus, onChoice.body.msg]).toEqual([400, '答题第 1 行，评审得分：不适用于此行']);
    const tooMuch = await server.post(REPLY('saveOrUpdate'), {
      replyId: replyA,
      versionNum: reply.versionNum,
      answers: answersOf(reply, { TEXT: { reviewPoints: 20.5 } }),
    });
    expect(tooMuch.body.msg).toBe('答题：第 3 题“环境管理措施”的评分不能超过分值 20.00');
    const unscored = await server.post(REPLY('doAccept'), { replyId: replyA, versionNum: reply.versionNum });
    expect(unscored.body.msg).toBe('答题：第 3 题“环境管理措施”尚未评分');
    const returned = await server.post(REPLY('doReturn'), {
      replyId: replyA,
      versionNum: reply.versionNum,
      comment: '请补充固废处理方式',
    });
    expect(returned.body.status, returned.body.msg).toBe('S');
    reply = await findReply(replyA, asA());
    expect([reply.status, reply.reviewComment]).toEqual(['RETURNED', '请补充固废处理方式']);
    // While the supplier answers again, the review waits (editableOnlyIn).
    const meanwhile = await server.post(REPLY('saveOrUpdate'), {
      replyId: replyA,
      versionNum: reply.versionNum,
      reviewComment: '提前评审',
    });
    expect([meanwhile.httpStatus, meanwhile.body.msg]).toEqual([
      403,
      '审核意见（供应商可见）：字段“审核意见（供应商可见）”在当前状态不可修改',
    ]);
    const pointsMeanwhile = await server.post(REPLY('saveOrUpdate'), {
      replyId: replyA,
      versionNum: reply.versionNum,
      answers: answersOf(reply, { TEXT: { reviewPoints: 10 } }),
    });
    expect(pointsMeanwhile.httpStatus).toBe(403);
    expect(pointsMeanwhile.body.msg).toMatch(/评审得分/);
    const again = await server.post<Reply>(
      REPLY('saveOrUpdate'),
      {
        replyId: replyA,
        versionNum: reply.versionNum,
        answers: answersOf(reply, { TEXT: { answerText: '废水处理达标排放；固废交有资质单位处置' } }),
      },
      asA(),
    );
    expect(again.body.status, again.body.msg).toBe('S');
    expect(
      (
        await server.post(
          REPLY('doSubmit'),
          { replyId: replyA, versionNum: again.body.data.versionNum },
          asA(),
        )
      ).body.status,
    ).toBe('S');

    reply = await findReply(replyA);
    const scored = await server.post<Reply>(REPLY('saveOrUpdate'), {
      replyId: replyA,
      versionNum: reply.versionNum,
      answers: answersOf(reply, { TEXT: { reviewPoints: 16 } }),
    });
    expect(scored.body.status, scored.body.msg).toBe('S');
    expect(scored.body.data.totalScore).toBe(47);
    const accepted = await server.post(REPLY('doAccept'), {
      replyId: replyA,
      versionNum: scored.body.data.versionNum,
    });
    expect(accepted.body.status, accepted.body.msg).toBe('S');
    const questionnaire = (
      await server.post<Questionnaire>(QUESTIONNAIRE('findById'), {
        questionnaireId: published.questionnaireId,
      })
    ).body.data;
    expect(questionnaire.objects.map((o) => [o.supplierId, o.replyStatus, o.totalScore])).toEqual([
      [ids.A, 'ACCEPTED', 47],
      [ids.B, 'OPEN', 0],
    ]);
  });

  it('refuses a reply after the due date, and completing closes the replies never submitted', async () => {
    const replyB = replyOf('B');
    const reply = await findReply(replyB, asB());
    server.clock.travel(8 * 86_400_000);
    try {
      const late = await server.post(
        REPLY('doSubmit'),
        { replyId: replyB, versionNum: reply.versionNum },
        asB(),
      );
      expect(late.body.msg).toBe(`问卷已于 ${addDays(today, 7)} 截止，不能再提交`);
    } finally {
      server.clock.travel(-8 * 86_400_000);
    }
    const completed = await server.post(QUESTIONNAIRE('doComplete'), {
      questionnaireId: published.questionnaireId,
      versionNum: (
        await server.post<Questionnaire>(QUESTIONNAIRE('findById'), {
          questionnaireId: published.questionnaireId,
        })
      ).body.data.versionNum,
    });
    expect(completed.body.status, completed.body.msg).toBe('S');
    expect((await findReply(replyB, asB())).status).toBe('CLOSED');
  });
});

describe('an introduction’s questionnaire step', () => {
  it('is decided by the accepted reply against the pass score, never by hand', async () => {
    const scene = await server.post<Row & { sceneId: number }>(api('srmSupplierIntroScene', 'saveOrUpdate'), {
      sceneCode: 'T_QN_SCENE',
      sceneName: '问卷准入',
      sceneType: 'NEW_SUPPLIER',
      steps: [{ stepType: 'QUESTIONNAIRE', requiredFlag: 'Y' }],
    });
    expect(scene.body.status, scene.body.msg).toBe('S');
    const intro = await startedIntro(server, {
      supplierId: ids.B!,
      categoryId: ids['0301']!,
      orgId: ids.OU200!,
      sceneId: scene.body.data.sceneId,
    });
    const body = {
      title: '准入问卷',
      templateId,
      dueDate: addDays(today, 3),
      objects: [{ supplierId: ids.B, introId: intro.introId }],
    };
    const noPass = await server.post(QUESTIONNAIRE('saveOrUpdate'), body);
    expect(noPass.body.msg).toBe('通过分数（引入）：调查对象关联了供应商引入时须填写通过分数');
    const otherSupplier = await server.post(QUESTIONNAIRE('saveOrUpdate'), {
      ...body,
      passScore: 10,
      objects: [{ supplierId: ids.A, introId: intro.introId }],
    });
    expect(otherSupplier.httpStatus).toBe(400);
    const saved = await server.post<Questionnaire>(QUESTIONNAIRE('saveOrUpdate'), { ...body, passScore: 10 });
    expect(saved.body.status, saved.body.msg).toBe('S');
    await server.post(QUESTIONNAIRE('doPublish'), {
      questionnaireId: saved.body.data.questionnaireId,
      versionNum: saved.body.data.versionNum,
    });
    const [object] = (
      await server.post<Questionnaire>(QUESTIONNAIRE('findById'), {
        questionnaireId: saved.body.data.questionnaireId,
      })
    ).body.data.objects;
    let reply = await findReply(object!.replyId!, asB());
    const answered = await server.post<Reply>(
      REPLY('saveOrUpdate'),
      {
        replyId: reply.replyId,
        versionNum: reply.versionNum,
        choices: ticks(reply, { 1: [1], 2: [1, 2, 3] }),
      },
      asB(),
    );
    expect(answered.body.data.totalScore).toBe(11);
    await server.post(
      REPLY('doSubmit'),
      { replyId: reply.replyId, versionNum: answered.body.data.versionNum },
      asB(),
    );
    reply = await findReply(reply.replyId);
    const accepted = await server.post(REPLY('doAccept'), {
      replyId: reply.replyId,
      versionNum: reply.versionNum,
    });
    expect(accepted.body.status, accepted.body.msg).toBe('S');
    const after = (
      await server.post<Row & { steps: Row[] }>(api('srmSupplierIntro', 'findById'), {
        introId: intro.introId,
      })
    ).body.data;
    const step = after.steps.find((row) => row.stepType === 'QUESTIONNAIRE')!;
    expect([step.result, step.documentRef, step.resultComment]).toEqual([
      'PASS',
      reply.replyNum,
      `问卷答复 ${String(reply.replyNum)} 得分 11.00（通过分数 10.00）`,
    ]);
    const byHand = await server.post(api('srmSupplierIntro', 'saveOrUpdate'), {
      introId: after.introId,
      versionNum: after.versionNum,
      steps: after.steps.map((row) => ({
        introStepId: row.introStepId,
        ...(row === step ? { result: 'FAIL' } : {}),
      })),
    });
    expect(byHand.httpStatus).toBe(400);
  });
});
