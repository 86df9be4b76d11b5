export interface BusOptions {
  /** This service's name: its queue group, and the `service` of its logs. */
  service: string;
  natsUrl: string;
  /** Prepended to every subject and queue group (`<prefix>.<subject>`), empty for none. */
  prefix: string;
  requestTimeoutMs: number;
}

export const BUS_OPTIONS = Symbol('BUS_OPTIONS');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export const prefixed = (prefix: string, subject: string) => (prefix ? `${prefix}.${subject}` : subject);
