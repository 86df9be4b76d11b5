import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@warmpath/server-kit';
import { AppModule } from './app.module.js';
import { authConfigSchema } from './config/auth.config.js';

const config = loadConfigOrExit('auth', authConfigSchema);
const logger = createLogger('auth', config.LOG_LEVEL);
await startService({
  module: AppModule.forRoot(config, logger),
  logger,
  port: config.HTTP_PORT,
  host: config.HTTP_HOST,
});
