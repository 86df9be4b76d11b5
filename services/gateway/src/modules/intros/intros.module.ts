import { Module } from '@nestjs/common';
import { MyIntrosController, WorkspaceIntrosController } from './intros.controller.js';

/** Introduction requests over HTTP (docs/intros.md); the teams service decides everything. */
@Module({ controllers: [WorkspaceIntrosController, MyIntrosController] })
export class IntrosModule {}
