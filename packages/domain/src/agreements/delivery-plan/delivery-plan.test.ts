// Delivery plans over real HTTP with real sign-in: the demo buyer publishes, adjusts, closes and
// cancels; the supplier confirms line by line; the other supplier never sees the plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@srm/platform/testing';
import { type Row, type SignedIn, ok, signedIn } from '../agreements.testing';

let on: SignedIn;

beforeAll(async () => {
  on = await signedIn();
}, 240_000);
afterAll(async () => on?.server.close());

describe('delivery plan: publish, confirm, adjust, close, cancel', () => {
  it('is confirmed by its supplier line by line, adjusted, closed; another is cancelled', async () => {
    const plan = await ok(on.buyer, 'srmPurDeliveryPlan', 'saveOrUpdate', {
      supplierId: on.ids.supA,
      orgId: on.ids.p110,
      lines: [{ itemId: on.ids.screw, planDate: '2026-07-10', planQuantity: 5000 }],
    });
    const id = { deliveryPlanId: plan.deliveryPlanId };
    expect((await on.supA.call(api('srmPurDeliveryPlan', 'findById'), id)).httpStatus).toBe(404);
    await ok(on.buyer, 'srmPurDeliveryPlan', 'doPublish', id);
    expect((await on.supB.call(api('srmPurDeliveryPlan', 'findById'), id)).httpStatus).toBe(404);
    expect((await on.supA.call(api('srmPurDeliveryPlan', 'doConfirm'), id)).httpStatus).toBe(422);
    const seen = await ok(on.supA, 'srmPurDeliveryPlan', 'findById', id);
    await ok(on.supA, 'srmPurDeliveryPlan', 'saveOrUpdate', {
      ...id,
      versionNum: seen.versionNum,
      lines: [
        {
          deliveryPlanLineId: (seen.lines as Row[])[0]!.deliveryPlanLineId,
          confirmedQuantity: 4800,
          confirmedDate: '2026-07-12',
        },
      ],
    });
    const [confirmed] = await ok<Row[]>(on.supA, 'srmPurDeliveryPlan', 'doConfirm', id);
    expect(confirmed!.status).toBe('CONFIRMED');
    expect((await on.buyer.call(api('srmPurDeliveryPlan', 'doCancel'), id)).httpStatus).toBe(409);
    const [adjusted] = await ok<Row[]>(on.buyer, 'srmPurDeliveryPlan', 'doAdjust', id);
    expect(adjusted!.status).toBe('DRAFT');
    await ok(on.buyer, 'srmPurDeliveryPlan', 'doPublish', id);
    await ok(on.supA, 'srmPurDeliveryPlan', 'doConfirm', id);
    const [closed] = await ok<Row[]>(on.buyer, 'srmPurDeliveryPlan', 'doClose', id);
    expect(closed!.status).toBe('CLOSED');

    const other = await ok(on.buyer, 'srmPurDeliveryPlan', 'saveOrUpdate', {
      supplierId: on.ids.supA,
      orgId: on.ids.p110,
      lines: [{ itemId: on.ids.screw, planDate: '2026-08-10', planQuantity: 100 }],
    });
    await ok(on.buyer, 'srmPurDeliveryPlan', 'doPublish', { deliveryPlanId: other.deliveryPlanId });
    const [cancelled] = await ok<Row[]>(on.buyer, 'srmPurDeliveryPlan', 'doCancel', {
      deliveryPlanId: other.deliveryPlanId,
    });
    expect(cancelled!.status).toBe('CANCELLED');
  });
});
