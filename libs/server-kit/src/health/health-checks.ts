import { Inject, Injectable } from '@nestjs/common';
import type { DependencyState, ServiceHealth } from '@warmpath/contracts';

/** A readiness probe of one dependency (database, Redis, NATS...). */
export interface DependencyCheck {
  name: string;
  check(): Promise<void>;
}

export const DEPENDENCY_CHECKS = Symbol('DEPENDENCY_CHECKS');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
const startedAt = Date.now();
const CHECK_TIMEOUT_MS = 1000;

/** Runs every dependency check with a timeout; the service is up only when all are. */
@Injectable()
export class HealthChecks {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(DEPENDENCY_CHECKS) private readonly checks: DependencyCheck[],
  ) {}

  async report(): Promise<ServiceHealth> {
    const dependencies = await Promise.all(this.checks.map((c) => runCheck(c)));
    return {
      service: this.service,
      status: dependencies.every((d) => d.up) ? 'up' : 'down',
      version: process.env.npm_package_version ?? '0.1.0',
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      dependencies,
    };
  }
}

async function runCheck(check: DependencyCheck): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check.check(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)),
      ),
    ]);
    return { name: check.name, up: true };
  } catch (error) {
    return { name: check.name, up: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
