export * from './emails';
