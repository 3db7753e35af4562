export * from './types';
export * from './selectors';
export * from './typed';
