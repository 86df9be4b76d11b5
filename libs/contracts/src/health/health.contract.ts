import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';

/** The services behind the gateway; each answers `<service>.health.check`. */
export const BACKEND_SERVICES = ['auth', 'network', 'teams', 'ai', 'import-worker'] as const;
export type BackendService = (typeof BACKEND_SERVICES)[number];

export const dependencyStateSchema = z.object({
  name: z.string(),
  up: z.boolean(),
  detail: z.string().optional(),
});
export type DependencyState = z.infer<typeof dependencyStateSchema>;

export const serviceHealthSchema = z.object({
  service: z.string(),
  status: z.enum(['up', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
  dependencies: z.array(dependencyStateSchema),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

export function healthCheckContract(service: BackendService) {
  return defineRequest(`${service}.health.check`, z.object({}), serviceHealthSchema);
}

/** GET /api/health */
export const gatewayHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(
    z.string(),
    z.object({
      status: z.enum(['up', 'down']),
      detail: z.string().optional(),
      latencyMs: z.number().optional(),
    }),
  ),
  missing: z.array(z.string()),
});
export type GatewayHealth = z.infer<typeof gatewayHealthSchema>;
