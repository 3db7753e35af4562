export * from './status';
export * from './errors';
export * from './retry';
export * from '../observe/thrown';
