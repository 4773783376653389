// Outbound interfaces on the server: the definitions' behaviour and endpoints, the trigger that
// writes a document's calls to the outbox in its action's transaction, the dispatcher that sends
// them, what compensation does for a call that failed for good, and the log purge program.
import { defineServerArea } from '@srm/platform';
import { interfacesArea } from './area';
import { definitionActions } from './definition/definition.actions';
import { definitionEndpoints } from './definition/definition.endpoints';
import { schemaEndpoints } from './definition/schema.endpoints';
import { interfaceCompensation } from './outbox/compensation.actions';
import { OutboxDispatcher, outboxTrigger } from './outbox/dispatcher';
import { purgePlatformLog } from './platform-log/purge';
import { interfacesSeeds } from './interfaces.seed';

export const interfacesServer = defineServerArea(interfacesArea, {
  actions: [definitionActions, definitionEndpoints, schemaEndpoints, interfaceCompensation],
  observers: [outboxTrigger],
  seeds: interfacesSeeds,
  executables: { PURGE_SCSI_LOG: purgePlatformLog },
  background: (services) => new OutboxDispatcher(services),
});
