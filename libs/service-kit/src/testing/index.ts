/** Helpers every service's tests share (conventions.md: one way across services). */
export * from './test-database';
export { TEST_INTERNAL_TOKEN, internalHeaders } from './internal-headers';
export { metricValue } from './metric-value';
export { freePort } from './free-port';
export { startRedisServer, type RedisServer, type RedisServerOptions } from './redis-server';
export { endpointRequest, type EndpointRequestInput } from './endpoint-request';
