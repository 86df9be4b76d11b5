import { redisRestartScenario } from './support/redis-restart.js';

// Redis as a server without persistence comes back: every BullMQ job and every session is gone.
redisRestartScenario(false);
