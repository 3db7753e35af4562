export * from './meta/types';
