export * from './meta/types';
export * from './meta/conditions';
export * from './meta/core';
