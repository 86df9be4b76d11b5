import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@warmpath/server-kit';
import { AppModule } from './app.module.js';
import { networkConfigSchema } from './config/network.config.js';

const config = loadConfigOrExit('network', networkConfigSchema);
const logger = createLogger('network', config.LOG_LEVEL);
await startService({
  module: AppModule.forRoot(config, logger),
  logger,
  port: config.HTTP_PORT,
  host: config.HTTP_HOST,
});
