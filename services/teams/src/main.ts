import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@warmpath/server-kit';
import { AppModule } from './app.module.js';
import { teamsConfigSchema } from './config/teams.config.js';

const config = loadConfigOrExit('teams', teamsConfigSchema);
const logger = createLogger('teams', config.LOG_LEVEL);
await startService({
  module: AppModule.forRoot(config, logger),
  logger,
  port: config.HTTP_PORT,
  host: config.HTTP_HOST,
});
