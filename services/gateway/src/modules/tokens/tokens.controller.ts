import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  createTokenRequestSchema,
  tokensContracts,
  type AccessTokenList,
  type CreatedAccessToken,
  type CreateTokenRequest,
} from '@warmpath/contracts';
import { BusClient, notFound } from '@warmpath/server-kit';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';

export const TOKEN_NOT_FOUND = 'Token not found';

/**
 * Personal access tokens (docs/api.md), for a signed-in session only: no @RequiresScope, so a
 * token can never create, list or revoke tokens.
 */
@Controller('api/tokens')
export class TokensController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  list(@CurrentUserId() userId: number): Promise<AccessTokenList> {
    return this.bus.request(tokensContracts.listTokens, { userId });
  }

  /** 201 with the secret, the only time it is shown. */
  @Post()
  create(
    @CurrentUserId() userId: number,
    @Body(new ZodPipe(createTokenRequestSchema)) token: CreateTokenRequest,
  ): Promise<CreatedAccessToken> {
    return this.bus.request(tokensContracts.createToken, { userId, token });
  }

  @Delete(':id')
  revoke(@CurrentUserId() userId: number, @Param('id') id: string) {
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2 ** 31 - 1) throw notFound(TOKEN_NOT_FOUND);
    return this.bus.request(tokensContracts.revokeToken, { userId, tokenId: Number(id) });
  }
}
