export * from './api-route.js';
export * from './api-routes.js';
export * from './openapi.js';
export * from './openapi-structure.js';
