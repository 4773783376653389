import { describe, expect, it } from 'vitest';
import { date, defineEntity, text } from '@srm/kernel';
import {
  actionResource,
  availableActions,
  deletable,
  fieldEditable,
  grantAll,
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
    expect(names([])).toEqual([]);
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
