export * from '../clock/clock';
export * from './store';
export * from './reflector';
export * from './informer';
export * from './factory';
export * from './lister';
export * from './expansion';
export * from './catchup';
