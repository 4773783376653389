// Outbound interfaces' server functions, for other areas and tests.
export { interfacesServer } from './area.server';
export { OUTBOX_QUEUE, OutboxDispatcher, dispatcherOf } from './outbox/dispatcher';
