import { AI_DEFAULT_TIMEOUT_MS, aiBusTimeoutMs } from '@warmpath/contracts';
import { loadConfig, positiveInt } from '@warmpath/server-kit';
import { z } from 'zod';

/**
 * The gateway reads the same AI_TIMEOUT_MS as the ai service, so its NATS wait is a little
 * longer than the model budget: a model hang then ends as the ai service's own clear error,
 * never as a bare "did not answer in time" from the bus.
 */
export const aiRouteConfigSchema = z.object({ AI_TIMEOUT_MS: positiveInt.default(AI_DEFAULT_TIMEOUT_MS) });

export interface AiRouteConfig {
  busTimeoutMs: number;
}

export const AI_ROUTE_CONFIG = Symbol('AI_ROUTE_CONFIG');

export function loadAiRouteConfig(env: NodeJS.ProcessEnv = process.env): AiRouteConfig {
  return { busTimeoutMs: aiBusTimeoutMs(loadConfig('gateway', aiRouteConfigSchema, env).AI_TIMEOUT_MS) };
}
