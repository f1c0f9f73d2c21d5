export * from './api.ts';
export * from './patterns.ts';
export * from './organize.ts';
export * from './users.ts';
export * from './authorize.ts';
export * from './socket.ts';
