import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../http/public.decorator.js';
import { GatewayHealthService } from './gateway-health.service.js';

@Controller('api/health')
export class GatewayHealthController {
  constructor(private readonly health: GatewayHealthService) {}

  /** 200 when every service answers, else 503 naming the missing ones. */
  @Get()
  @Public()
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.check();
    reply.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
