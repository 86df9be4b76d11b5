import { loadConfig, positiveInt } from '@warmpath/server-kit';
import { z } from 'zod';

/**
 * Throttling of wrong invitation codes (POST /api/workspaces/join-request): codes are short
 * enough to read out, so guessing them must stay slow. Counted per account and per client address.
 */
export const teamsRouteConfigSchema = z.object({
  JOIN_CODE_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(10),
  JOIN_CODE_MAX_FAILURES_PER_CLIENT: positiveInt.default(10),
  JOIN_CODE_WINDOW_SECONDS: positiveInt.default(15 * 60),
});
export type TeamsRouteConfig = z.infer<typeof teamsRouteConfigSchema>;

export const TEAMS_ROUTE_CONFIG = Symbol('TEAMS_ROUTE_CONFIG');

export function loadTeamsRouteConfig(env: NodeJS.ProcessEnv = process.env): TeamsRouteConfig {
  return loadConfig('gateway', teamsRouteConfigSchema, env);
}
