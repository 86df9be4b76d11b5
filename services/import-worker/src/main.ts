import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@warmpath/server-kit';
import { AppModule } from './app.module.js';
import { importWorkerConfigSchema } from './config/import-worker.config.js';

const config = loadConfigOrExit('import-worker', importWorkerConfigSchema);
const logger = createLogger('import-worker', config.LOG_LEVEL);
await startService({
  module: AppModule.forRoot(config, logger),
  logger,
  port: config.HTTP_PORT,
  host: config.HTTP_HOST,
});
