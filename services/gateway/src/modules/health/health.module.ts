import { Module } from '@nestjs/common';
import { GatewayHealthController } from './gateway-health.controller.js';
import { GatewayHealthService } from './gateway-health.service.js';
import { ProbesController } from './probes.controller.js';

@Module({ controllers: [GatewayHealthController, ProbesController], providers: [GatewayHealthService] })
export class HealthModule {}
