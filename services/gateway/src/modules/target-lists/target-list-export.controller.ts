import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RequiresScope } from '../../http/requires-scope.decorator.js';
import { CurrentUserId } from '../session/session.guard.js';
import { workspaceIdOf } from '../teams/route-ids.js';
import { TargetListExporter, type TargetListCsv } from './target-list-export.js';

/** `GET {base}/{listId}/export.csv` (docs/targets.md#export): the ways in, one row per connector. */
@Controller('api')
export class TargetListExportController {
  constructor(private readonly exporter: TargetListExporter) {}

  @Get('target-lists/:listId/export.csv')
  @RequiresScope('targets:read')
  async exportOwn(
    @CurrentUserId() userId: number,
    @Param('listId') listId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await send(reply, await this.exporter.export(userId, null, listId));
  }

  @Get('teams/:id/target-lists/:listId/export.csv')
  @RequiresScope('targets:read')
  async exportTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('listId') listId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await send(reply, await this.exporter.export(userId, workspaceIdOf(id), listId));
  }
}

async function send(reply: FastifyReply, file: TargetListCsv): Promise<void> {
  await reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', file.disposition)
    .header('cache-control', 'private, no-store')
    .send(file.csv);
}
