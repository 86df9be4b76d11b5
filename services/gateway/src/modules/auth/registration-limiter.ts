import { Inject, Injectable } from '@nestjs/common';
import { teamsContracts } from '@warmpath/contracts';
import { BusClient, LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../../config/gateway.config.js';
import {
  AttemptLimiter,
  TOO_MANY_INVITED_REGISTRATIONS,
  TOO_MANY_REGISTRATIONS,
} from '../session/attempt-limiter.js';

const HOUR = 3600;

/**
 * Registrations per hour (docs/security.md "Sign-in and registration limits"): one that carries a
 * usable invitation sent to its own e-mail counts against that invitation only, so a whole office
 * behind one address joins from its invitations; any other counts against its client address.
 */
@Injectable()
export class RegistrationLimiter {
  constructor(
    private readonly attempts: AttemptLimiter,
    private readonly bus: BusClient,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Counts this registration and refuses it (429) past its limit. */
  async admit(clientIp: string, email: string, invitation: string | undefined): Promise<void> {
    const { REGISTER_MAX_PER_CLIENT: perClient, REGISTER_MAX_PER_INVITATION: perInvitation } = this.config;
    if (invitation && (await this.isUsable(invitation, email))) {
      const message = TOO_MANY_INVITED_REGISTRATIONS;
      await this.attempts.consume('register-invited', invitation, perInvitation, HOUR, message);
      return;
    }
    await this.attempts.consume('register', clientIp, perClient, HOUR, TOO_MANY_REGISTRATIONS);
  }

  /** Unanswered (the teams service down) counts as no invitation: the address limit still applies. */
  private async isUsable(token: string, email: string): Promise<boolean> {
    try {
      return (await this.bus.request(teamsContracts.checkInvitation, { token, email })).usable;
    } catch (error) {
      this.logger.warn({ err: error }, 'invitation check failed: the address limit applies');
      return false;
    }
  }
}
