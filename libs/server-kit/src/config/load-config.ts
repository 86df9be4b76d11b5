import { z } from 'zod';

/** Raised when the environment does not satisfy a service's schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, at boot. Empty strings count as unset so `FOO=` falls back to defaults. */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = typeof issue.path[0] === 'string' ? cleaned[issue.path[0]] : undefined;
    return value === undefined
      ? `${name} is missing or invalid: ${issue.message}`
      : `${name}=${JSON.stringify(value)} is invalid: ${issue.message}`;
  });
  throw new ConfigError(service, problems);
}

/** Boot-time variant: prints the problems and exits with status 78 (EX_CONFIG) instead of throwing. */
export function loadConfigOrExit<S extends z.ZodType>(service: string, schema: S): z.infer<S> {
  try {
    return loadConfig(service, schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n${service} refuses to start.\n`);
      process.exit(78);
    }
    throw error;
  }
}
