// A definition's own endpoints: the interceptors an administrator may pick (with the options
// each takes), a new draft version of an effective definition, the dry run (the call rendered
// for a chosen document, secrets masked, nothing sent) and the button trigger (send a document
// now through an effective definition).
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import {
  type AnyEntity,
  type FieldDef,
  type SaveBodyOf,
  isClientWritable,
  number,
  ref,
  text,
} from '@srm/kernel';
import { documentOf, keysOf, parametersOf, renderCall, shown } from '../outbox/call';
import { dispatcherOf } from '../outbox/dispatcher';
import { type InterceptorContext, interceptorsOfKind } from '../wire/interceptors';
import { MappingError } from '../wire/render';
import { scsiDefinition } from './definition.entity';
import {
  scsiParameter,
  scsiReqFieldMap,
  scsiRequestConfig,
  scsiResFieldMap,
} from './definition-lines.entity';

/** The fields of a row a client may write (a copy's body): no key, parent, version or display. */
function writable<E extends AnyEntity>(entity: E, row: Readonly<Record<string, unknown>>): SaveBodyOf<E> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries<FieldDef>(entity.fields)) {
    if (!isClientWritable(field) || name === entity.parent?.field) continue;
    if (name in row) body[name] = row[name];
  }
  return body as SaveBodyOf<E>;
}

const definitionInput = { definitionId: ref('baseScsiDefinition', { required: true }) };

function interceptorList(kind: 'HEADER' | 'PARAMS', locale: 'zh-CN' | 'en') {
  return interceptorsOfKind(kind).map((interceptor) => ({
    name: interceptor.name,
    label: interceptor.label[locale],
    options: interceptor.options.map((option) => ({
      name: option.name,
      label: option.label[locale],
      required: option.required,
      secret: option.secret,
    })),
  }));
}

/** A dry run's interceptors talk to nothing: token and trade-id calls are refused. */
const dryContext: InterceptorContext = {
  now: () => Date.now(),
  nonce: () => 'dry-run-nonce',
  send: () => Promise.reject(new MappingError('a dry run sends nothing')),
  cache: new Map(),
};

export const definitionEndpoints = defineEndpoints(scsiDefinition, {
  listRequestHeaderInterceptor: endpoint({
    summary: 'Header interceptors an interface definition may use, with their options',
    input: {},
    scope: scsiDefinition,
    resource: 'read',
    sides: ['internal'],
    handle: (data) => ({ data: interceptorList('HEADER', data.actor.locale) }),
  }),
  listRequestParamsInterceptor: endpoint({
    summary: 'Parameter (URL) interceptors an interface definition may use, with their options',
    input: {},
    scope: scsiDefinition,
    resource: 'read',
    sides: ['internal'],
    handle: (data) => ({ data: interceptorList('PARAMS', data.actor.locale) }),
  }),
  doNewVersion: endpoint({
    summary: 'Copies an effective or invalid definition into a draft of its next version',
    input: definitionInput,
    scope: scsiDefinition,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const source = await data.find(scsiDefinition, input.definitionId);
      if (source.status === 'DRAFT') throw new AppError(409, 'intf.definition.alreadyDraft');
      const versions = await data.list(scsiDefinition, { definitionCode: source.definitionCode });
      if (versions.some((row) => row.status === 'DRAFT'))
        throw new AppError(409, 'intf.definition.draftExists');
      const { values } = await parametersOf(data, source.definitionId);
      const copy = await data.save(scsiDefinition, {
        ...writable(scsiDefinition, source),
        configs: source.configs.map((line) => writable(scsiRequestConfig, line)),
        reqMaps: source.reqMaps.map((line) => writable(scsiReqFieldMap, line)),
        resMaps: source.resMaps.map((line) => writable(scsiResFieldMap, line)),
        // The secrets themselves (a read shows only their mask).
        parameters: source.parameters.map((line) => ({
          ...writable(scsiParameter, line),
          secretValue: line.secretFlag === 'Y' ? (values[line.paramName] ?? null) : null,
        })),
      });
      return { data: copy };
    },
  }),
  doDryRun: endpoint({
    summary: 'Renders the call a definition would make for a document; secrets masked, nothing sent',
    input: { ...definitionInput, businessId: number({ required: true, min: 1 }) },
    scope: scsiDefinition,
    resource: 'button',
    sides: ['internal'],
    async handle(data, input) {
      const definition = await data.find(scsiDefinition, input.definitionId);
      const entity = data.runtime.registry.find(definition.businessEntity);
      if (!entity)
        throw new AppError(422, 'intf.definition.unknownEntity', { entity: definition.businessEntity });
      // The caller's own read: a document he may not see is a 404, as anywhere else.
      const document = await documentOf(data, entity, input.businessId);
      try {
        const keys = keysOf(definition, document);
        const call = await renderCall(data, definition, document, keys.idempotencyKey, dryContext);
        return { data: { ...keys, ...shown(call) } };
      } catch (error) {
        if (error instanceof MappingError)
          throw new AppError(422, 'intf.definition.mapping', { message: error.message });
        throw error;
      }
    },
  }),
  doSend: endpoint({
    summary: 'Sends a document through an effective definition now (the button trigger)',
    input: {
      ...definitionInput,
      businessId: number({ required: true, min: 1 }),
      comment: text({ max: 200 }),
    },
    scope: scsiDefinition,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const definition = await data.find(scsiDefinition, input.definitionId);
      if (definition.status !== 'EFFECTIVE') throw new AppError(409, 'intf.definition.notEffective');
      const entity = data.runtime.registry.find(definition.businessEntity);
      if (!entity)
        throw new AppError(422, 'intf.definition.unknownEntity', { entity: definition.businessEntity });
      await documentOf(data, entity, input.businessId);
      // Locked like an action locks its document: two presses make one call.
      await data.lock(entity, [input.businessId]);
      const outboxId = await dispatcherOf(data).enqueue(
        data.system('a button sends a document the caller can read'),
        definition,
        entity,
        input.businessId,
        'button',
      );
      return { data: { outboxId } };
    },
  }),
});
