import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@warmpath/server-kit';
import { gatewayConfigSchema } from './config/gateway.config.js';
import { createGateway } from './gateway.js';

const config = loadConfigOrExit('gateway', gatewayConfigSchema);
const logger = createLogger('gateway', config.LOG_LEVEL);
const app = await createGateway(config, logger);
await app.listen(config.PORT, config.HOST);
const address = app.getHttpServer().address();
logger.info(
  { url: `http://${config.HOST}:${typeof address === 'object' && address ? address.port : config.PORT}` },
  'gateway ready',
);
