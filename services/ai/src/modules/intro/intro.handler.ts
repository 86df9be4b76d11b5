import { Injectable } from '@nestjs/common';
import { aiContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { IntroService } from './intro.service.js';

/** NATS face of the ai context: the bus validates both ways, the service does the work. */
@Injectable()
export class IntroHandler {
  constructor(private readonly intros: IntroService) {}

  @HandleRequest(aiContracts.generateIntro)
  generate(request: RequestOf<typeof aiContracts.generateIntro>) {
    return this.intros.generate(request);
  }
}
