import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { SERVICE_CONFIG } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { AttemptLimiter } from '../session/attempt-limiter.js';

export const TOO_MANY_PREVIEWS = 'Too many files were read from this address. Sign in, or try again later.';

/**
 * Anonymous previews per client address (IMPORT_PREVIEW_MAX_PER_CLIENT an hour): each one costs
 * the import worker a whole file's parse and the gateway an answer of up to ~25 MB.
 */
@Injectable()
export class PreviewRateGuard implements CanActivate {
  constructor(
    private readonly attempts: AttemptLimiter,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const limit = this.config.IMPORT_PREVIEW_MAX_PER_CLIENT;
    await this.attempts.consume('preview', request.ip, limit, 3600, TOO_MANY_PREVIEWS);
    return true;
  }
}
