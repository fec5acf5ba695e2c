/** Training scenarios (spec sections 2, 3, 7, 8 and 9). */
export * from './scenario';
