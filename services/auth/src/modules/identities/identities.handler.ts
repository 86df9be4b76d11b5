import { Injectable } from '@nestjs/common';
import { authContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { IdentitiesService } from './identities.service.js';

/** NATS face of provider sign-in: the bus validates the payload, the service decides. */
@Injectable()
export class IdentitiesHandler {
  constructor(private readonly identities: IdentitiesService) {}

  @HandleRequest(authContracts.signInWithProvider)
  signIn(request: RequestOf<typeof authContracts.signInWithProvider>) {
    return this.identities.signIn(request);
  }
}
