import { Controller, Get, Header, HttpException, HttpStatus } from '@nestjs/common';
import { HealthChecks } from './health-checks.js';
import { metricsRegistry } from './metrics.js';

/** Liveness, readiness and Prometheus metrics on the service's own HTTP port. */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthChecks) {}

  @Get('health/live')
  live() {
    return { status: 'up' };
  }

  @Get('health/ready')
  async ready() {
    const report = await this.health.report();
    if (report.status !== 'up') throw new HttpException(report, HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4')
  metrics() {
    return metricsRegistry.metrics();
  }
}
