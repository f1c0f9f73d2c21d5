export * from './types.ts';
export * from './messages.ts';
export * from './validators.ts';
export * from './registry.ts';
export * from './calculate.ts';
export * from './form.ts';
export * from './gallery-form.ts';
