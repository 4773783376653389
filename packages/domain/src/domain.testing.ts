// Fixtures several areas' tests share: library lines qualified as the platform qualifies them at
// the end of an introduction (ADR 0023: no buyer's action does), and every approval process
// decided by one user of the test's own (decideAll then approves as that user).
import { expect } from 'vitest';
import { SYSTEM_ACTOR, dataApi } from '@srm/platform';
import { ApiClient } from '@srm/platform/api-client';
import { type TestServer, api } from '@srm/platform/testing';
import { DEMO_PASSWORD } from './demo';
import { singleApproverTemplates } from './areas.server';
import { supplierCategoryOrg } from './supplier';

export async function qualifyLines(server: TestServer, categoryOrgIds: readonly number[]): Promise<void> {
  await server.runtime.transaction(async (tx) => {
    const data = dataApi(
      { actor: SYSTEM_ACTOR, runtime: server.runtime, tx, now: server.clock.now() },
      'test',
    );
    await data.act(supplierCategoryOrg, 'doQualify', categoryOrgIds);
  });
}

/**
 * Library lines QUALIFIED for every supplier × the materials' categories × organisation, made
 * where missing and qualified where still introducing: what a test of a document that names a
 * supplier needs before eligibility lets it through.
 */
export async function qualifyForItems(
  server: TestServer,
  supplierIds: readonly number[],
  itemIds: readonly number[],
  orgIds: readonly number[],
): Promise<void> {
  await server.runtime.transaction(async (tx) => {
    const data = dataApi(
      { actor: SYSTEM_ACTOR, runtime: server.runtime, tx, now: server.clock.now() },
      'test',
    );
    const items = await data.list(server.runtime.registry.get('srmBaseItem'), { itemId: [...itemIds] });
    const categories = new Set(items.map((item) => Number(item.categoryId)));
    const introducing: number[] = [];
    for (const supplierId of supplierIds)
      for (const categoryId of categories)
        for (const orgId of orgIds) {
          const [line] = await data.list(
            supplierCategoryOrg,
            { supplierId, categoryId, orgId },
            { limit: 1 },
          );
          const saved = line ?? (await data.save(supplierCategoryOrg, { supplierId, categoryId, orgId }));
          if (saved.status === 'INTRODUCING') introducing.push(saved.categoryOrgId);
        }
    if (introducing.length) await data.act(supplierCategoryOrg, 'doQualify', introducing);
  });
}

/** An internal user `pm` (李娜) who decides the first node of every area's approval process. */
export async function useOneApprover(server: TestServer): Promise<number> {
  const approver = await server.post<{ userId: number }>(api('baseUser', 'saveOrUpdate'), {
    userName: 'pm',
    userFullName: '李娜',
    userType: 'INTERNAL',
  });
  if (approver.body.status !== 'S') throw new Error(`approver: ${approver.body.msg}`);
  for (const template of singleApproverTemplates(approver.body.data.userId)) {
    const saved = await server.post(api('srmBaseProcessTemplate', 'saveOrUpdate'), template);
    if (saved.body.status !== 'S') throw new Error(`approval template: ${saved.body.msg}`);
  }
  return approver.body.data.userId;
}

export type StartedIntro = Record<string, unknown> & {
  introId: number;
  versionNum: number;
  introNum: string;
  steps: (Record<string, unknown> & { introStepId: number; stepType: string })[];
};

/** An introduction of the supplier, category and organisation under the scene, started. */
export async function startedIntro(
  server: TestServer,
  body: { supplierId: number; categoryId: number; orgId: number; sceneId: number },
): Promise<StartedIntro> {
  const made = await server.post<StartedIntro>(api('srmSupplierIntro', 'saveOrUpdate'), body);
  if (made.body.status !== 'S') throw new Error(`introduction: ${made.body.msg}`);
  const { introId, versionNum } = made.body.data;
  const started = await server.post(api('srmSupplierIntro', 'doStart'), { introId, versionNum });
  if (started.body.status !== 'S') throw new Error(`introduction start: ${started.body.msg}`);
  return (await server.post<StartedIntro>(api('srmSupplierIntro', 'findById'), { introId })).body.data;
}

/** Internal users made for a test, by user name: their ids. */
export async function internalUsers(
  server: TestServer,
  users: readonly (readonly [userName: string, userFullName: string])[],
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [userName, userFullName] of users) {
    const saved = await server.post<{ userId: number }>(api('baseUser', 'saveOrUpdate'), {
      userName,
      userFullName,
      userType: 'INTERNAL',
    });
    if (saved.body.status !== 'S') throw new Error(`user ${userName}: ${saved.body.msg}`);
    ids[userName] = saved.body.data.userId;
  }
  return ids;
}

/** The keys of rows found by field values, under the names given. */
export async function keysOf(
  server: TestServer,
  wanted: readonly (readonly [name: string, entity: string, filter: Record<string, unknown>])[],
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [name, entity, filter] of wanted) {
    const row = await server.first<Record<string, unknown>>(entity, filter);
    ids[name] = Number(row[server.runtime.registry.get(entity).key]);
  }
  return ids;
}

/** A user signed in through the real sign-in (a server started with `policy: 'signIn'`). */
export async function signIn(server: TestServer, userName: string, password = DEMO_PASSWORD) {
  const client = new ApiClient(server.url);
  const answer = await client.login(userName, password);
  expect(answer.body.status, `${userName}: ${answer.body.msg}`).toBe('S');
  return client;
}

/** A signed-in client's call that must succeed: answers its data. */
export async function ok<T = Record<string, unknown>>(
  client: ApiClient,
  entity: string,
  action: string,
  body: unknown,
): Promise<T> {
  const answer = await client.call<T>(api(entity, action), body);
  expect(answer.body.status, `${entity}/${action}: ${answer.body.msg}`).toBe('S');
  return answer.body.data;
}
