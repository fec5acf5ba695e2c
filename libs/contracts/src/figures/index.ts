/** Live results-day figures. */
export * from './figures';
