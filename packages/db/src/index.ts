export * from './client';
export * from './migrate';
export * from './schema';
