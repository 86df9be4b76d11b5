import { Injectable } from '@nestjs/common';

/**
 * The time every intro rule reads (request times, the daily limit, expiry). One provider, so an
 * integration test can replace it; the sweep also takes its "now" as a parameter.
 */
@Injectable()
export class IntroClock {
  now(): Date {
    return new Date();
  }
}
