// Behaviour is typed by the definition: a field, line collection, action or input the order
// does not have is a compile error (each `@ts-expect-error` below fails `npm run typecheck` the
// day the error it expects goes away), and what it does have arrives with its type.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ActionName, ChangesOf, FoundRowOf, RowOf } from '@srm/kernel';
import { type ActionContext, type DataApi, defineActions } from '@srm/platform';
import { order } from './order.entity';
import { orderLine } from './order-line.entity';

describe('an order’s types', () => {
  it('name its fields, lines and actions, and nothing else', () => {
    expectTypeOf<RowOf<typeof order>['poHeaderId']>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<typeof order>['supplierId']>().toEqualTypeOf<number>(); // required: never null
    expectTypeOf<RowOf<typeof order>['remark']>().toEqualTypeOf<string | null>();
    expectTypeOf<RowOf<typeof orderLine>['poHeaderId']>().toEqualTypeOf<number>(); // the header's key
    expectTypeOf<FoundRowOf<typeof order>['supplierName']>().toEqualTypeOf<string | number | null>();
    expectTypeOf<FoundRowOf<typeof order>['lines'][number]['quantity']>().toEqualTypeOf<number>();
    expectTypeOf<ActionName<typeof order>>().toEqualTypeOf<
      | 'doSubmit'
      | 'doApproval'
      | 'doReject'
      | 'doWithdraw'
      | 'doRelease'
      | 'doCancel'
      | 'doSupplierConfirm'
      | 'doSupplierPropose'
      | 'doBuyerConfirm'
      | 'doBuyerReject'
      | 'doClose'
      | 'doOpen'
    >();
    // @ts-expect-error: the order has no field `poNumbr`
    expectTypeOf<RowOf<typeof order>['poNumbr']>().toBeUnknown();
    // @ts-expect-error: lines are not a field one changes on the header
    const changes: ChangesOf<typeof order> = { lines: [] };
    expect(changes).toBeDefined();
  });

  it('refuse a wrong field, action or value in behaviour', () => {
    const registration = defineActions(order, {
      actions: {
        async doRelease(ctx) {
          // @ts-expect-error: no field `releaseDate` (it is releasedDate)
          await ctx.patch(order, ctx.row.poHeaderId, { releaseDate: 1 });
          // @ts-expect-error: a date field takes text, not a number
          await ctx.patch(orderLine, 1, { promisedDate: 20261201 });
          // @ts-expect-error: no such collection on the order
          expect(ctx.row.deliveryLines).toBeUndefined();
        },
        async doSupplierConfirm(ctx) {
          // The action's declared input arrives typed.
          expectTypeOf(ctx.input.lines).toEqualTypeOf<
            | {
                poLineId: number;
                promisedDate?: string | null;
                proposedDate?: string | null;
                proposedQuantity?: number | null;
                supplierComment?: string | null;
              }[]
            | null
            | undefined
          >();
          await ctx.act(order, 'doClose', [ctx.row.poHeaderId]);
          // @ts-expect-error: the order has no action doShip
          await ctx.act(order, 'doShip', [ctx.row.poHeaderId]);
        },
      },
    });
    expect(registration.entity).toBe(order);
    expect(() =>
      defineActions(order, {
        actions: {
          // @ts-expect-error: no action doShip to hang a side effect on (and at start, an error)
          async doShip() {},
        },
      }),
    ).toThrow(/no action doShip/);
    expectTypeOf<ActionContext<typeof order, 'doRelease'>>().toMatchTypeOf<DataApi>();
  });
});
