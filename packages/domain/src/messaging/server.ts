// Messaging's server functions, for other areas and tests.
export { messagingServer } from './area.server';
export { MESSAGE_QUEUE, MessageDispatcher, dedupKeyOf, messageDispatcherOf } from './outbox/dispatcher';
