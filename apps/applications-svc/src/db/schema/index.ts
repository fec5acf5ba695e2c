export * from './clearing-settings';
