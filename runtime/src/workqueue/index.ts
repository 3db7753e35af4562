export * from './queue';
export * from './delaying_queue';
export * from './rate_limiters';
export * from './rate_limiting_queue';
