import { Inject, Injectable } from '@nestjs/common';
import { BACKEND_SERVICES, healthCheckContract, type GatewayHealth } from '@warmpath/contracts';
import { BusClient, HealthChecks, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { GatewayConfig } from '../../config/gateway.config.js';

/** Asks every backend service for its health in parallel, each within HEALTH_TIMEOUT_MS. */
@Injectable()
export class GatewayHealthService {
  constructor(
    private readonly bus: BusClient,
    private readonly own: HealthChecks,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async check(): Promise<GatewayHealth> {
    const [own, ...backends] = await Promise.all([
      this.own.report(),
      ...BACKEND_SERVICES.map((s) => this.checkService(s)),
    ]);
    const services: GatewayHealth['services'] = {
      gateway: {
        status: own.status,
        detail:
          own.dependencies
            .filter((d) => !d.up)
            .map((d) => `${d.name}: ${d.detail}`)
            .join('; ') || undefined,
      },
    };
    for (const [name, state] of backends) services[name] = state;
    const missing = Object.entries(services)
      .filter(([, s]) => s.status === 'down')
      .map(([name]) => name);
    return { status: missing.length ? 'degraded' : 'ok', services, missing };
  }

  private async checkService(service: (typeof BACKEND_SERVICES)[number]) {
    const started = performance.now();
    try {
      const report = await this.bus.request(
        healthCheckContract(service),
        {},
        { timeoutMs: this.config.HEALTH_TIMEOUT_MS },
      );
      const down = report.dependencies.filter((d) => !d.up);
      return [
        service,
        {
          status: report.status,
          latencyMs: Math.round(performance.now() - started),
          detail: down.length ? down.map((d) => `${d.name}: ${d.detail}`).join('; ') : undefined,
        },
      ] as const;
    } catch (error) {
      return [
        service,
        { status: 'down' as const, detail: error instanceof Error ? error.message : String(error) },
      ] as const;
    }
  }
}
