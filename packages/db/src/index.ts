export * from './client';
export * from './migrate';
export * from './queue';
export * from './rate-limit';
export * from './schema';
