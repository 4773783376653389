export * from './http/errors';
export * from './http/envelope';
export * from './http/plugin';
export * from './base/health';
