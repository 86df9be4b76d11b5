import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { HealthChecks } from '@warmpath/server-kit';
import { Public } from '../../http/public.decorator.js';

/**
 * The orchestrator's probes on the public port, without a session (probes send no cookie).
 * Liveness does no I/O at all; readiness checks the gateway's own connections (Redis, NATS), not
 * the backend services, so one slow service never takes every gateway replica out of rotation.
 */
@Controller('health')
export class ProbesController {
  constructor(private readonly health: HealthChecks) {}

  @Get('live')
  @Public()
  live() {
    return { status: 'up' };
  }

  @Get('ready')
  @Public()
  async ready() {
    const report = await this.health.report();
    if (report.status !== 'up') throw new HttpException(report, HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
