// The approval engine (bpm): process templates as data, the runtime, its lists and endpoints.
export * from './tables';
export * from './route';
export * from './engine';
export * from './queries';
export * from './routes';
export * from './template.actions';
export * from './reminders';
export * from './decide';
