import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { BACKEND_SERVICES, healthCheckContract, type BackendService } from '@warmpath/contracts';
import { BusServer } from '../bus/bus-server.js';
import { HealthChecks, SERVICE_NAME } from './health-checks.js';

/** Answers `<service>.health.check` so the gateway can report every service's state. */
@Injectable()
export class HealthHandler implements OnApplicationBootstrap {
  constructor(
    private readonly bus: BusServer,
    private readonly health: HealthChecks,
    @Inject(SERVICE_NAME) private readonly service: string,
  ) {}

  onApplicationBootstrap(): void {
    if (!(BACKEND_SERVICES as readonly string[]).includes(this.service)) return;
    this.bus.register(healthCheckContract(this.service as BackendService), () => this.health.report());
  }
}
