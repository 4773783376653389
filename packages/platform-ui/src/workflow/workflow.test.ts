import { describe, expect, it } from 'vitest';
import { amount, checkbox, date, datetime, defineEntity, refs, rows, text, textarea } from '@srm/kernel';
import {
  actionResource,
  askableInputs,
  availableActions,
  deletable,
  editableNow,
  fieldEditable,
  grantAll,
  initialInputs,
  lineFieldEditable,
  linesEditable,
  readOnlyReason,
} from './workflow';

const order = defineEntity('testOrder', {
  area: 'test',
  key: 'orderId',
  fields: { orderNumber: text({ required: true }), promisedDate: date({ editableIn: ['APPROVED'] }) },
  workflow: {
    states: ['DRAFT', 'APPROVING', 'APPROVED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    actions: {
      doSubmit: { from: ['DRAFT'], to: 'APPROVING' },
      doApproval: { from: ['APPROVING'], to: 'APPROVED', system: true },
      doCancel: { from: ['DRAFT', 'APPROVED'], to: 'CANCELLED', danger: true },
      doSupplierConfirm: { from: ['APPROVED'], side: 'supplier' },
      doClose: { from: ['APPROVED'], resource: 'testOrder.close' },
      // Chosen lines the generic dialog cannot ask for: the area's own button offers it.
      doSplit: {
        from: ['APPROVED'],
        input: { lineIds: refs('testOrderLine', { required: true }), splitDate: datetime() },
      },
      // Optional rows: the generic button still runs it, with none.
      doAnswer: { from: ['APPROVED'], input: { lines: rows({ note: text() }) } },
    },
  },
});

const names = (rows: { status: string }[], side: 'internal' | 'supplier' = 'internal') =>
  availableActions(order, rows, side, grantAll).map((action) => action.name);

describe('what the workflow allows', () => {
  it('offers the actions valid for every selected row, never system ones, for the user’s side', () => {
    expect(names([{ status: 'DRAFT' }])).toEqual(['doSubmit', 'doCancel']);
    expect(names([{ status: 'DRAFT' }, { status: 'APPROVED' }])).toEqual(['doCancel']);
    expect(names([{ status: 'APPROVING' }])).toEqual([]);
    expect(names([{ status: 'APPROVED' }], 'supplier')).toEqual(['doSupplierConfirm']);
    expect(names([{ status: 'APPROVED' }])).toEqual(['doCancel', 'doClose', 'doAnswer']);
    expect(names([])).toEqual([]);
  });

  it('offers an action with a condition only on rows it accepts, and an approval-owned one only while waiting', () => {
    const notice = defineEntity('testNotice', {
      area: 'test',
      key: 'noticeId',
      fields: { title: text({ required: true }) },
      workflow: {
        states: ['DRAFT', 'APPROVING', 'PUBLISHED', 'WITHDRAWN'],
        initial: 'DRAFT',
        editableIn: ['DRAFT', 'WITHDRAWN'],
        actions: {
          doSubmit: {
            from: ['DRAFT', 'WITHDRAWN'],
            to: 'APPROVING',
            approval: 'TEST',
            offeredWhen: (row: Readonly<Record<string, unknown>>) => row.approvalFlag === 'Y',
          },
          doApproval: { from: ['APPROVING'], to: 'PUBLISHED', system: true },
          doPublish: {
            from: ['DRAFT', 'WITHDRAWN'],
            to: 'PUBLISHED',
            offeredWhen: (row: Readonly<Record<string, unknown>>) => row.approvalFlag !== 'Y',
          },
          doWithdraw: { from: ['PUBLISHED', 'APPROVING'], to: 'WITHDRAWN' },
        },
      },
    });
    const offered = (row: Record<string, unknown>) =>
      availableActions(notice, [row], 'internal', grantAll).map((action) => action.name);
    expect(offered({ status: 'DRAFT', approvalFlag: 'Y' })).toEqual(['doSubmit']);
    expect(offered({ status: 'DRAFT', approvalFlag: 'N' })).toEqual(['doPublish']);
    // 撤回 on a published notice; while it waits for its approval the process owns it.
    expect(offered({ status: 'PUBLISHED' })).toEqual(['doWithdraw']);
    expect(offered({ status: 'APPROVING' })).toEqual([]);
  });

  it('shows an action only when its resource code is granted', () => {
    const granted = new Set(['testOrder.doSubmit', 'testOrder.close']);
    const shown = (status: string) =>
      availableActions(order, [{ status }], 'internal', (code) => granted.has(code)).map((a) => a.name);
    expect(shown('DRAFT')).toEqual(['doSubmit']);
    expect(shown('APPROVED')).toEqual(['doClose']);
    expect(actionResource(order, 'doClose', order.workflow!.actions.doClose!)).toBe('testOrder.close');
    expect(actionResource(order, 'doCancel', order.workflow!.actions.doCancel!)).toBe('testOrder.doCancel');
  });

  it('says why a document is read-only and keeps fields editable in their own states', () => {
    expect(readOnlyReason(order, { status: 'DRAFT' }, 'internal')).toBeNull();
    expect(readOnlyReason(order, { status: 'APPROVED' }, 'internal')).toEqual({
      key: 'entity.notEditable',
      status: 'APPROVED',
    });
    expect(readOnlyReason(order, null, 'supplier')).toEqual({ key: 'access.readOnly' });
    const approved = { status: 'APPROVED' };
    expect(fieldEditable(order, order.fields.orderNumber!, approved, 'internal')).toBe(false);
    expect(fieldEditable(order, order.fields.promisedDate!, approved, 'internal')).toBe(true);
    expect(fieldEditable(order, order.fields.status!, { status: 'DRAFT' }, 'internal')).toBe(false);
  });

  it('deletes only in deletable states', () => {
    expect(deletable(order, { status: 'DRAFT' }, 'internal')).toBe(true);
    expect(deletable(order, { status: 'APPROVED' }, 'internal')).toBe(false);
  });
});

const poLine = defineEntity('testPoLine', {
  area: 'test',
  key: 'lineId',
  parent: { entity: 'testPo', field: 'poId' },
  fields: {
    itemName: text(),
    promisedDate: date({ editableIn: ['RELEASED'], writableBy: ['supplier'] }),
  },
});
const po = defineEntity('testPo', {
  area: 'test',
  key: 'poId',
  ownedBy: 'supplierId',
  fields: { poNumber: text(), supplierId: text() },
  lines: { lines: poLine },
  workflow: {
    states: ['DRAFT', 'RELEASED', 'CONFIRMED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    actions: { doRelease: { from: ['DRAFT'], to: 'RELEASED' } },
  },
});

describe('fields the other side answers on a locked document', () => {
  const released = { status: 'RELEASED' };
  const field = (name: string) => poLine.fields[name]!;

  it('opens the supplier’s promised date on a released order’s lines, nothing else and no new lines', () => {
    expect(lineFieldEditable(po, poLine, field('promisedDate'), released, 'supplier')).toBe(true);
    expect(lineFieldEditable(po, poLine, field('itemName'), released, 'supplier')).toBe(false);
    expect(linesEditable(po, poLine, released, 'supplier')).toBe(false);
    expect(editableNow(po, released, 'supplier')).toBe(true);
  });

  it('closes it in other states and to the buyer, who edits the draft’s lines instead', () => {
    expect(lineFieldEditable(po, poLine, field('promisedDate'), { status: 'CONFIRMED' }, 'supplier')).toBe(
      false,
    );
    expect(editableNow(po, { status: 'CONFIRMED' }, 'supplier')).toBe(false);
    expect(lineFieldEditable(po, poLine, field('promisedDate'), released, 'internal')).toBe(false);
    expect(editableNow(po, released, 'internal')).toBe(false);
    expect(lineFieldEditable(po, poLine, field('itemName'), { status: 'DRAFT' }, 'internal')).toBe(true);
    expect(linesEditable(po, poLine, { status: 'DRAFT' }, 'internal')).toBe(true);
    expect(editableNow(po, { status: 'DRAFT' }, 'internal')).toBe(true);
  });
});

const answer = defineEntity('testAnswer', {
  area: 'test',
  key: 'answerId',
  parent: { entity: 'testReply', field: 'replyId' },
  writableBy: ['supplier'],
  fields: {
    answerText: text({ writableBy: ['supplier'] }),
    reviewPoints: text({ writableBy: ['internal'], editableOnlyIn: ['SUBMITTED'] }),
  },
});
const reply = defineEntity('testReply', {
  area: 'test',
  key: 'replyId',
  ownedBy: 'supplierId',
  writableBy: ['supplier'],
  fields: {
    supplierId: text(),
    reviewComment: text({ writableBy: ['internal'], editableOnlyIn: ['SUBMITTED'] }),
  },
  lines: { answers: answer },
  workflow: {
    states: ['OPEN', 'SUBMITTED', 'ACCEPTED'],
    initial: 'OPEN',
    editableIn: ['OPEN'],
    actions: { doSubmit: { from: ['OPEN'], to: 'SUBMITTED', side: 'supplier' } },
  },
});

describe('fields editable only in some states', () => {
  it('opens the reviewer’s fields on a submitted reply only, not while the supplier answers', () => {
    const comment = reply.fields.reviewComment!;
    const points = answer.fields.reviewPoints!;
    expect(fieldEditable(reply, comment, { status: 'SUBMITTED' }, 'internal')).toBe(true);
    expect(fieldEditable(reply, comment, { status: 'OPEN' }, 'internal')).toBe(false);
    expect(fieldEditable(reply, comment, { status: 'ACCEPTED' }, 'internal')).toBe(false);
    expect(fieldEditable(reply, comment, null, 'internal')).toBe(false);
    expect(lineFieldEditable(reply, answer, points, { status: 'SUBMITTED' }, 'internal')).toBe(true);
    expect(lineFieldEditable(reply, answer, points, { status: 'OPEN' }, 'internal')).toBe(false);
    expect(lineFieldEditable(reply, answer, answer.fields.answerText!, { status: 'OPEN' }, 'supplier')).toBe(
      true,
    );
    expect(editableNow(reply, { status: 'SUBMITTED' }, 'internal')).toBe(true);
    expect(editableNow(reply, { status: 'ACCEPTED' }, 'internal')).toBe(false);
  });
});

describe('rows fixed after a state', () => {
  const material = defineEntity('testMaterial', {
    area: 'test',
    key: 'materialId',
    parent: { entity: 'testTrial', field: 'trialId' },
    rowsEditableIn: ['DRAFT'],
    fields: { itemName: text() },
  });
  const trial = defineEntity('testTrial', {
    area: 'test',
    key: 'trialId',
    fields: { title: text() },
    lines: { lines: material },
    workflow: {
      states: ['DRAFT', 'TRIAL'],
      initial: 'DRAFT',
      editableIn: ['DRAFT', 'TRIAL'],
      actions: { doStart: { from: ['DRAFT'], to: 'TRIAL' } },
    },
  });

  it('offers adding and removing rows in the states named only, though the document stays editable', () => {
    expect(linesEditable(trial, material, null, 'internal')).toBe(true);
    expect(linesEditable(trial, material, { status: 'DRAFT' }, 'internal')).toBe(true);
    expect(linesEditable(trial, material, { status: 'TRIAL' }, 'internal')).toBe(false);
    expect(readOnlyReason(trial, { status: 'TRIAL' }, 'internal')).toBeNull();
  });
});

describe('an action dialog', () => {
  const input = {
    reason: textarea({ required: true, max: 100 }),
    paidAmount: amount({ required: true, min: 0, startsFrom: 'paidAmount' }),
    note: text({ max: 20 }),
  };

  it('starts an input from the field of the row it names, 0 included', () => {
    expect(initialInputs(input, { paidAmount: 1250.5, reason: 'kept out' })).toEqual({ paidAmount: 1250.5 });
    expect(initialInputs(input, { paidAmount: 0 })).toEqual({ paidAmount: 0 });
  });

  it('starts empty without a row (several rows acted on) or a value', () => {
    expect(initialInputs(input, undefined)).toEqual({});
    expect(initialInputs(input, { paidAmount: null })).toEqual({});
    expect(initialInputs(undefined, { paidAmount: 3 })).toEqual({});
  });

  it('asks a choice (接受全部修订) as well as texts and figures, never a list of rows', () => {
    const asked = askableInputs({
      acceptChanges: checkbox(),
      reason: textarea({ max: 100 }),
      lines: rows({ note: text() }),
      lineIds: refs('srmPoLine'),
    });
    expect(asked.map(([name]) => name)).toEqual(['acceptChanges', 'reason']);
  });
});
