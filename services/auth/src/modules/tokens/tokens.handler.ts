import { Injectable } from '@nestjs/common';
import { tokensContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { TokensService } from './tokens.service.js';

type C = typeof tokensContracts;

@Injectable()
export class TokensHandler {
  constructor(private readonly tokens: TokensService) {}

  @HandleRequest(tokensContracts.createToken)
  create(request: RequestOf<C['createToken']>) {
    return this.tokens.create(request.userId, request.token);
  }

  @HandleRequest(tokensContracts.listTokens)
  async list(request: RequestOf<C['listTokens']>) {
    return { tokens: await this.tokens.list(request.userId) };
  }

  @HandleRequest(tokensContracts.revokeToken)
  async revoke(request: RequestOf<C['revokeToken']>) {
    await this.tokens.revoke(request.userId, request.tokenId);
    return { revoked: true as const };
  }

  @HandleRequest(tokensContracts.verifyToken)
  verify(request: RequestOf<C['verifyToken']>) {
    return this.tokens.verify(request.secretHash);
  }
}
