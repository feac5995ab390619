export * from './storage';
export * from './settings';
export * from './session';
