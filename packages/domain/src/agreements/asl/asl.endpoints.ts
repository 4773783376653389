// The approved supplier list's endpoint: whether a supplier may supply a material to an
// organisation (the answer purchase orders get, asl.check.ts).
import { date, ref } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { asl } from './asl.entity';
import { aslAllows } from './asl.check';

export const aslEndpoints = defineEndpoints(asl, {
  /**
   * `{ supplierId, itemId, orgId, date? }` → `{ allowed, aslId, aslCode }`. The engine refuses a
   * question naming what the caller may not read (404): a supplier asks about itself only, an
   * internal user about the organisations it holds permits for. The verdict is the one an order
   * of the caller would get; the entry behind it is shown only when the caller may read it (an
   * entry of the operating unit stays hidden from a buyer permitted only its plant).
   */
  checkAllowed: endpoint({
    summary: 'Whether the approved supplier list lets a supplier supply a material to an organisation',
    input: {
      supplierId: ref('srmSupplierInfo', { required: true }),
      itemId: ref('srmBaseItem', { required: true }),
      orgId: ref('srmBaseOrg', { required: true }),
      date: date(),
    },
    scope: asl,
    resource: 'read',
    async handle(ctx, input) {
      const answer = await aslAllows(ctx, {
        supplierId: input.supplierId,
        itemId: input.itemId,
        orgId: input.orgId,
        ...(input.date ? { date: input.date } : {}),
      });
      const readable =
        answer.aslId !== null && (await ctx.list(asl, { aslId: answer.aslId }, { limit: 1 })).length > 0;
      return { data: readable ? answer : { allowed: answer.allowed, aslId: null, aslCode: null } };
    },
  }),
});
