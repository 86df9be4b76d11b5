import { SetMetadata } from '@nestjs/common';
import type { BytesRequestContract, EventContract, RequestContract } from '@warmpath/contracts';

export const HANDLE_REQUEST = Symbol('HANDLE_REQUEST');
export const HANDLE_EVENT = Symbol('HANDLE_EVENT');

/**
 * Marks a provider method as the handler of a request contract (one queue group per service). A
 * bytes request's handler is called with its meta and its body: `(meta, body: Uint8Array)`.
 */
export const HandleRequest = (contract: RequestContract | BytesRequestContract) =>
  SetMetadata(HANDLE_REQUEST, contract);

/** Marks a provider method as a consumer of an event (one delivery per service, via its queue group). */
export const HandleEvent = (contract: EventContract) => SetMetadata(HANDLE_EVENT, contract);
