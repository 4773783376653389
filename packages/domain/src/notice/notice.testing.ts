// The world the tests of notices and shared files publish to: three suppliers (A and C qualified
// for category X, B for category Y, with a potential line for X that a test may qualify later),
// two users of A, one of B and of C, and an internal publisher.
import { expect } from 'vitest';
import type { Actor } from '@srm/platform';
import { api, type TestServer } from '@srm/platform/testing';
import { qualifyLines } from '../domain.testing';
import { DEMO_SUPPLIERS } from '../supplier/server';

type Row = Record<string, unknown>;

export interface AudienceWorld {
  readonly ids: { orgA: number; catX: number; catY: number; supA: number; supB: number; supC: number };
  readonly actors: Record<'a1' | 'a2' | 'b1' | 'c1' | 'publisher', Partial<Actor>>;
  /** B's line for category X, potential until a test qualifies it. */
  readonly libraryB: number;
}

/** Saves as the test server's default caller and answers the row (the test fails otherwise). */
async function saved(server: TestServer, entity: string, body: Row): Promise<Row> {
  const answer = await server.post<Row>(api(entity, 'saveOrUpdate'), body);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

/** A user (a supplier's when `supplierId` is given) as the test caller it acts as. */
export async function testUser(
  server: TestServer,
  userName: string,
  supplierId?: number,
): Promise<Partial<Actor>> {
  const row = await saved(server, 'baseUser', {
    userName,
    userFullName: userName,
    userType: supplierId ? 'EXTERNAL' : 'INTERNAL',
    ...(supplierId ? { supplierId } : {}),
  });
  const userId = row.userId as number;
  return supplierId
    ? { userId, userName, side: 'supplier', supplierId }
    : { userId, userName, side: 'internal' };
}

export async function audienceWorld(server: TestServer, publisher: string): Promise<AudienceWorld> {
  const id = async (entity: string, filters: Row, key: string) =>
    (await server.first<Row>(entity, filters))[key] as number;
  const orgA = await id('srmBaseOrg', { orgCode: 'OU100' }, 'orgId');
  const catX = await id('srmBaseCategory', { categoryCode: '0201' }, 'categoryId');
  const catY = await id('srmBaseCategory', { categoryCode: '0203' }, 'categoryId');
  const [a, b] = DEMO_SUPPLIERS;
  const c = {
    ...b!.supplier,
    supplierName: '常州永信包装材料有限公司',
    supplierShortName: '永信包装',
    supplierNameEn: 'Changzhou Yongxin Packaging Materials Co., Ltd.',
    creditCode: '91320412MA1XK5TP2X',
  };
  const supA = (await saved(server, 'srmSupplierInfo', a!.supplier)).supplierId as number;
  const supB = (await saved(server, 'srmSupplierInfo', b!.supplier)).supplierId as number;
  const supC = (await saved(server, 'srmSupplierInfo', c)).supplierId as number;
  // A and C supply category X; B supplies Y (and X only later, potential for now).
  const line = async (supplierId: number, categoryId: number, qualify: boolean) => {
    const row = await saved(server, 'srmSupplierCategoryOrg', { supplierId, categoryId, orgId: orgA });
    if (qualify) await qualifyLines(server, [row.categoryOrgId as number]);
    return row.categoryOrgId as number;
  };
  await line(supA, catX, true);
  await line(supC, catX, true);
  await line(supB, catY, true);
  const libraryB = await line(supB, catX, false);
  return {
    ids: { orgA, catX, catY, supA, supB, supC },
    actors: {
      a1: await testUser(server, 'a1', supA),
      a2: await testUser(server, 'a2', supA),
      b1: await testUser(server, 'b1', supB),
      c1: await testUser(server, 'c1', supC),
      publisher: await testUser(server, publisher),
    },
    libraryB,
  };
}
