import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { warmIntroRequestSchema, type WarmIntroRequest, type WarmIntroResponse } from '@warmpath/contracts';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { WarmIntroService } from './warm-intro.service.js';

/**
 * docs/product.md#api: POST /api/network/generate-warm-intro, signed-in users only (the global
 * session guard).
 */
@Controller('api/network')
export class WarmIntroController {
  constructor(private readonly intros: WarmIntroService) {}

  @Post('generate-warm-intro')
  @HttpCode(200)
  generate(
    @CurrentUserId() userId: number,
    @Body(new ZodPipe(warmIntroRequestSchema)) body: WarmIntroRequest,
  ): Promise<WarmIntroResponse> {
    return this.intros.generate(userId, body);
  }
}
