export * from './client';
export * from './copy-session';
export * from './migrate';
export * from './queue';
export * from './rate-limit';
export * from './schema';
