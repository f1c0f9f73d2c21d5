export * from './types.ts';
export * from './messages.ts';
export * from './condition.ts';
export * from './tree.ts';
export * from './validate.ts';
export * from './summary.ts';
