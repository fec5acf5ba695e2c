/** Live results-day figures. */
export * from './figures';
export * from './time-to-full';
export * from './wallboard';
export * from './wallboard-alerts';
