import { SetMetadata } from '@nestjs/common';
import type { EventContract, RequestContract } from '@warmpath/contracts';

export const HANDLE_REQUEST = Symbol('HANDLE_REQUEST');
export const HANDLE_EVENT = Symbol('HANDLE_EVENT');

/** Marks a provider method as the handler of a request contract (one queue group per service). */
export const HandleRequest = (contract: RequestContract) => SetMetadata(HANDLE_REQUEST, contract);

/** Marks a provider method as a consumer of an event (one delivery per service, via its queue group). */
export const HandleEvent = (contract: EventContract) => SetMetadata(HANDLE_EVENT, contract);
