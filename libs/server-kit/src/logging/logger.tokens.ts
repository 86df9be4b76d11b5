/** Injection token of the service's pino logger. */
export const LOGGER = Symbol('LOGGER');
