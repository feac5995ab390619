export * from './storage';
export * from './settings';
