// Messaging's definitions, for other areas and its screens.
export { messagingArea } from './area';
export { messageInstance } from './instance/instance.entity';
