/** Live results-day figures (issue 13). */
export * from './figures';
