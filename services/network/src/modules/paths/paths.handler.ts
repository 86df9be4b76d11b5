import { Injectable } from '@nestjs/common';
import { networkPathContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { PathsService } from './paths.service.js';

@Injectable()
export class PathsHandler {
  constructor(private readonly paths: PathsService) {}

  @HandleRequest(networkPathContracts.findPath)
  find(request: RequestOf<typeof networkPathContracts.findPath>) {
    const { userId, ...query } = request;
    return this.paths.find(userId, query);
  }
}
