export * from './connection';
export * from './transaction';
export * from './migrate';
export * from './lock';
export * from './backup';
export type { GenericPlan } from './pglite-statements';
