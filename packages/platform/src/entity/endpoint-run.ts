// One run of a declared endpoint for an actor, as its route runs it and as a background program
// runs a report (the scheduler's RUN_REPORT): the endpoint's sides, its scope's read grant, its
// declared input parsed and the rows it names readable by the actor, then the handler in a unit of
// work (a transaction when it writes). Who may call it at all (the policy's grant of the endpoint's
// resource) is asked by the caller: the route with the HTTP request, a program without one.
import type { Executor } from '@srm/db';
import type { AccessPolicy, Actor, Operation } from '../access/actor';
import { AppError } from '../http/errors';
import { dataApi } from './context';
import type { Endpoint, EndpointResult } from './hooks';
import { assertReadableReferences, parseDeclared } from './inputs';
import type { EntityRuntime } from './runtime';
import type { EntityDef } from '@srm/kernel';

/** The resource of an endpoint any signed-in user may call. */
export const SIGNED_IN = 'signedIn';

/**
 * The resource code an endpoint needs (null: public; `signedIn`: any signed-in user, no grant), as
 * the route and the policy name it.
 */
export function endpointResource(entity: EntityDef, name: string, endpoint: Endpoint): string | null {
  return endpoint.resource === 'button'
    ? `${entity.name}.${name}`
    : endpoint.resource === 'public'
      ? null
      : endpoint.resource;
}

/** What the policy is asked before an endpoint runs for a signed-in caller. */
export function endpointOperation(
  runtime: EntityRuntime,
  entity: EntityDef,
  name: string,
  endpoint: Endpoint,
): Operation {
  const resource = endpointResource(entity, name, endpoint);
  const scope = runtime.registry.get(endpoint.scope);
  return resource === 'read'
    ? { entity: scope, action: name, resource }
    : { entity, action: name, ...(resource ? { resource } : {}) };
}

export async function runEndpoint(
  runtime: EntityRuntime,
  entity: EntityDef,
  name: string,
  endpoint: Endpoint,
  body: unknown,
  actor: Actor,
): Promise<EndpointResult> {
  const resource = endpointResource(entity, name, endpoint);
  const scope = runtime.registry.get(endpoint.scope);
  if (endpoint.sides && !actor.system && !endpoint.sides.includes(actor.side))
    throw new AppError(403, 'access.denied');
  // A caller of a signedIn endpoint need not read the scope entity: the handler answers what they may see.
  if (resource !== null && resource !== SIGNED_IN) runtime.service(scope.name).assertReadableBy(actor);
  const input = parseDeclared(runtime.service(entity.name), endpoint.input, body);
  const referenced =
    resource !== null ? await assertReadableReferences(runtime, actor, endpoint.input, input) : undefined;
  const work = async (tx: Executor) =>
    endpoint.handle(dataApi({ actor, runtime, tx, now: runtime.clock.now() }, name, referenced), input);
  return endpoint.write ? runtime.transaction(work) : work(runtime.executor());
}

/**
 * A report endpoint (one declaring a sheet) run for an actor without an HTTP request: the policy
 * must grant the endpoint and the export of its scope, as `{endpoint}/exportExcel` asks.
 * `report` names it as `entityName/endpoint`; an unknown one, or one without a sheet, is a 404.
 */
export async function runReportEndpoint(
  runtime: EntityRuntime,
  policy: AccessPolicy,
  actor: Actor,
  report: string,
  requestParams: unknown,
): Promise<{ entity: EntityDef; endpoint: Endpoint; result: EndpointResult }> {
  const [entityName = '', name = ''] = report.split('/');
  const entity = runtime.registry.find(entityName);
  const endpoint = entity ? runtime.hooksOf(entity.name).endpoints?.[name] : undefined;
  if (!entity || !endpoint?.sheet) throw new AppError(404, 'excel.noReport', { report });
  // Reports need a grant: a public endpoint, or one for anyone signed in, is not one.
  const resource = endpointResource(entity, name, endpoint);
  if (resource === null || resource === SIGNED_IN) throw new AppError(404, 'excel.noReport', { report });
  await policy.authorize(actor, endpointOperation(runtime, entity, name, endpoint));
  const exportResource = `${runtime.registry.get(endpoint.scope).name}.export`;
  if (!actor.system && !policy.allows(actor, exportResource))
    throw new AppError(403, 'access.resourceDenied', { resource: exportResource });
  return {
    entity,
    endpoint,
    result: await runEndpoint(runtime, entity, name, endpoint, requestParams, actor),
  };
}
