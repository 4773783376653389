// The demo company's people and parties as the sourcing seeds use them (inquiries, auctions): the
// organisation OU100, CNY, the suppliers 恒达 (sup_a) and 瑞丰 (sup_b), the buyer and the
// purchasing manager, each user as the actor a seed acts as.
import { type Actor, SYSTEM_ACTOR, type SeedContext } from '@srm/platform';

export interface DemoIds {
  readonly ou100: number;
  readonly cny: number;
  readonly pcs: number | null;
  readonly hengda: number;
  readonly ruifeng: number;
  readonly buyer: Actor;
  readonly approver: Actor;
  readonly approverId: number;
  readonly supA: Actor;
  readonly supB: Actor;
}

/** The demo's organisation, currency, suppliers and people, or null where they are not there. */
export async function demoIds(context: SeedContext): Promise<DemoIds | null> {
  const find = (entity: string, where: Record<string, unknown>) => context.findId(entity, where);
  const found = {
    ou100: await find('srmBaseOrg', { orgCode: 'OU100' }),
    cny: await find('srmBaseCurrency', { currencyCode: 'CNY' }),
    hengda: await find('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }),
    ruifeng: await find('srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }),
    buyer: await find('baseUser', { userName: 'buyer' }),
    approver: await find('baseUser', { userName: 'approver' }),
    supA: await find('baseUser', { userName: 'sup_a' }),
    supB: await find('baseUser', { userName: 'sup_b' }),
  };
  const { ou100, cny, hengda, ruifeng, buyer, approver, supA, supB } = found;
  if (
    ou100 === null ||
    cny === null ||
    hengda === null ||
    ruifeng === null ||
    buyer === null ||
    approver === null ||
    supA === null ||
    supB === null
  )
    return null;
  const internal = (userId: number, userName: string): Actor => ({
    ...SYSTEM_ACTOR,
    system: false,
    userId,
    userName,
  });
  const supplier = (supplierId: number, userId: number, userName: string): Actor => ({
    ...internal(userId, userName),
    side: 'supplier',
    supplierId,
  });
  return {
    ou100,
    cny,
    pcs: await find('srmBaseUom', { uomCode: 'PCS' }),
    hengda,
    ruifeng,
    buyer: internal(buyer, 'buyer'),
    approver: internal(approver, 'approver'),
    approverId: approver,
    supA: supplier(hengda, supA, 'sup_a'),
    supB: supplier(ruifeng, supB, 'sup_b'),
  };
}
