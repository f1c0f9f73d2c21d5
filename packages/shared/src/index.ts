export * from './api.ts';
export * from './patterns.ts';
