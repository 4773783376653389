export * from './database';
export * from './template';
export * from './postgres';
export * from './engine';
export * from './samples';
export * from './s3-peer';
export * from './pdf';
