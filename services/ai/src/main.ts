import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@warmpath/server-kit';
import { AppModule } from './app.module.js';
import { aiConfigSchema } from './config/ai.config.js';

const config = loadConfigOrExit('ai', aiConfigSchema);
const logger = createLogger('ai', config.LOG_LEVEL);
await startService({
  module: AppModule.forRoot(config, logger),
  logger,
  port: config.HTTP_PORT,
  host: config.HTTP_HOST,
});
