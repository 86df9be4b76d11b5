import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  /** When the caller stops waiting (epoch ms), for a request that came over the bus with one. */
  deadline?: number;
}

/** Carries the request id through async work so logs and outgoing NATS requests can name it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/** When the current bus request's caller stops waiting (epoch ms), if it said. */
export const currentDeadline = (): number | undefined => requestContext.getStore()?.deadline;
