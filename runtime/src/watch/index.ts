export * from './types';
export * from './decoder';
export * from './stream';
export * from './retry';
