import { Module } from '@nestjs/common';
import { GraphModule } from '../graph/graph.module.js';
import { SignalsHandler } from './signals.handler.js';
import { SignalsRepository } from './signals.repository.js';

/** The archive's relationship signals per connection: written with an import, read with the network. */
@Module({
  imports: [GraphModule],
  providers: [SignalsRepository, SignalsHandler],
  exports: [SignalsRepository],
})
export class SignalsModule {}
