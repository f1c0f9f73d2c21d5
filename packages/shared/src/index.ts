export * from './api.ts';
