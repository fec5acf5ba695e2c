/** Endpoints as data: each service's endpoints, declared once (see endpoint.ts). */
export * from './endpoint';
export * from './applications-svc';
export * from './assessment-svc';
export * from './courses-svc';
export * from './files-svc';
export * from './notifications-svc';
export * from './scenarios-svc';
export * from './service-endpoints';
export * from './api-routes';
export * from './api-endpoints';
