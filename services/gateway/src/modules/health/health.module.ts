import { Module } from '@nestjs/common';
import { GatewayHealthController } from './gateway-health.controller.js';
import { GatewayHealthService } from './gateway-health.service.js';

@Module({ controllers: [GatewayHealthController], providers: [GatewayHealthService] })
export class HealthModule {}
