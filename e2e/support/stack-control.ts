import { connect, type NatsConnection } from '@nats-io/transport-node';

/** The stack's environment, as the global setup started it. */
export function stackEnv(): Record<string, string> {
  return JSON.parse(process.env.WARMPATH_TEST_ENV ?? '{}') as Record<string, string>;
}

async function control(path: string, env?: Record<string, string>): Promise<void> {
  const response = await fetch(`${process.env.WARMPATH_CONTROL_URL}${path}`, {
    method: 'POST',
    body: env ? JSON.stringify(env) : undefined,
  });
  if (!response.ok) throw new Error(`stack control ${path} answered ${response.status}`);
}

export const stopService = (name: string) => control(`/services/${name}/stop`);
export const startService = (name: string, env?: Record<string, string>) =>
  control(`/services/${name}/start`, env);

/**
 * A gateway of the spec's own, beside the shared stack's, with `env` on top of the stack's
 * settings (an empty value unsets one: the gateway's default applies). Stop it when done.
 */
export async function ownGateway(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const response = await fetch(`${process.env.WARMPATH_CONTROL_URL}/gateways`, {
    method: 'POST',
    body: JSON.stringify(env),
  });
  if (!response.ok)
    throw new Error(`stack control /gateways answered ${response.status}: ${await response.text()}`);
  const { id, url } = (await response.json()) as { id: string; url: string };
  return { url, stop: () => control(`/gateways/${id}/stop`) };
}

/** A NATS connection on the stack's server, with its subject prefix applied by `subject()`. */
export async function natsForStack(): Promise<{ nc: NatsConnection; subject: (s: string) => string }> {
  const env = stackEnv();
  const nc = await connect({ servers: env.NATS_URL });
  return { nc, subject: (s) => `${env.NATS_PREFIX}.${s}` };
}

/** Polls the gateway's health until `predicate` holds; returns the last answer. */
export async function waitForHealth(
  predicate: (status: number, body: { missing: string[] }) => boolean,
  timeoutMs = 30_000,
): Promise<{
  status: number;
  body: { missing: string[]; services: Record<string, { status: string; detail?: string }> };
}> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${process.env.WARMPATH_URL}/api/health`);
    const body = await response.json();
    if (predicate(response.status, body) || Date.now() > deadline) return { status: response.status, body };
    await new Promise((r) => setTimeout(r, 200));
  }
}
