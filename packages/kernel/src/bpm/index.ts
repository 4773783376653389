// Approval processes (bpm): the template definitions; their labels and the engine's messages
// are part of kernelMessages.
export * from './process.entity';
export * from './controls';
export * from './workflow';
