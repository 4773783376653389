// Purchase bill types over real HTTP: enabled and invalidated; an invalid type cannot be chosen.
import { describe, expect, it } from 'vitest';
import { type Row, call, ids, ok, requisitionBody, usePurchasingServer } from '../purchasing.testing';

usePurchasingServer();

describe('purchase bill types', () => {
  it('are enabled and invalidated; an invalid type cannot be chosen on a new document', async () => {
    const created = await ok('srmPurBillType', 'saveOrUpdate', {
      billTypeCode: 'TEST_PR',
      billTypeName: '测试申请类型',
      docCategory: 'REQUISITION',
    });
    expect(created.status).toBe('NEW');
    const [enabled] = await ok<Row[]>('srmPurBillType', 'doEnable', { billTypeId: created.billTypeId });
    expect(enabled!.status).toBe('ENABLED');
    const [invalid] = await ok<Row[]>('srmPurBillType', 'doInvalid', { billTypeId: created.billTypeId });
    expect(invalid!.status).toBe('INVALID');
    const refused = await call(
      'srmPurRequisitionHeader',
      'saveOrUpdate',
      requisitionBody({ billTypeId: created.billTypeId }),
    );
    expect(refused.body.status).toBe('E');
    expect(refused.httpStatus).toBe(400);
    const orderType = await call(
      'srmPurRequisitionHeader',
      'saveOrUpdate',
      requisitionBody({ billTypeId: ids.poType }),
    );
    expect(orderType.body.status).toBe('E');
  });
});
