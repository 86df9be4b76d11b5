import { Injectable } from '@nestjs/common';
import { introTargetContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { IntroTargetService } from './intro-target.service.js';

/** Asked by the teams service when a member makes an introduction request. */
@Injectable()
export class IntroTargetHandler {
  constructor(private readonly targets: IntroTargetService) {}

  @HandleRequest(introTargetContracts.resolve)
  resolve(request: RequestOf<typeof introTargetContracts.resolve>) {
    return this.targets.resolve(request.userId, request.teamId, request.targetId);
  }
}
