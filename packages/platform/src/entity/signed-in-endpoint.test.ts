// Endpoints any signed-in user may call (`resource: 'signedIn'`): a caller without a session is
// refused, a caller of either side gets in without reading the scope entity (a supplier, for whom
// the entity does not exist otherwise), and the declared sides still hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refs } from '@srm/kernel';
import { defineEndpoints, endpoint } from './hooks';
import { type EngineHarness, startEngine, supplierUser } from '../testing/engine';
import { testEntities, testMessages, testOrg } from '../testing/fixtures';

interface Envelope<T = Record<string, unknown>> {
  status: 'S' | 'E';
  msg: string;
  data: T;
}

const ORG = '/api/srm/v1/testOrgRestful';
let engine: EngineHarness;

beforeAll(async () => {
  const endpoints = defineEndpoints(testOrg, {
    whoAmI: endpoint({
      summary: 'The side of the caller',
      input: {},
      scope: testOrg,
      resource: 'signedIn',
      handle: (data) => ({ data: { side: data.actor.side } }),
    }),
    insideOnly: endpoint({
      summary: 'The side of an internal caller',
      input: {},
      scope: testOrg,
      resource: 'signedIn',
      sides: ['internal'],
      handle: (data) => ({ data: { side: data.actor.side } }),
    }),
    readers: endpoint({
      summary: 'For those who may read organisations',
      input: {},
      scope: testOrg,
      resource: 'read',
      handle: () => ({ data: null }),
    }),
  });
  engine = await startEngine({ entities: testEntities, actions: [endpoints], messages: testMessages });
});
afterAll(async () => engine?.close());

describe('an endpoint for any signed-in user', () => {
  it('refuses a caller without a session with 401', async () => {
    const { httpStatus, body } = await engine.post<Envelope>(`${ORG}/whoAmI`, {}, null);
    expect(httpStatus).toBe(401);
    expect(body.status).toBe('E');
  });

  it('answers a supplier, for whom the scope entity does not exist otherwise', async () => {
    const supplier = supplierUser(7);
    const answer = await engine.post<Envelope>(`${ORG}/whoAmI`, {}, supplier);
    expect(answer.body.status, answer.body.msg).toBe('S');
    expect(answer.body.data).toEqual({ side: 'supplier' });
    // The same caller on an endpoint that needs the entity's read is refused.
    expect((await engine.post<Envelope>(`${ORG}/readers`, {}, supplier)).httpStatus).toBe(403);
  });

  it('keeps its declared sides', async () => {
    expect((await engine.post<Envelope>(`${ORG}/insideOnly`, {}, supplierUser(7))).httpStatus).toBe(403);
    const inside = await engine.post<Envelope>(`${ORG}/insideOnly`, {});
    expect(inside.body.data).toEqual({ side: 'internal' });
  });
});

describe('an endpoint whose input names an entity that is not registered', () => {
  it('stops the engine from starting, rather than failing the first request that sends one', async () => {
    const endpoints = defineEndpoints(testOrg, {
      misnamed: endpoint({
        summary: 'Names a supplier entity that does not exist',
        input: { supplierIds: refs('testNoSupplier') },
        scope: testOrg,
        resource: 'read',
        handle: () => ({ data: null }),
      }),
    });
    await expect(
      startEngine({ entities: testEntities, actions: [endpoints], messages: testMessages }),
    ).rejects.toThrow('Endpoint testOrg/misnamed: its input references unknown entity testNoSupplier');
  });
});
