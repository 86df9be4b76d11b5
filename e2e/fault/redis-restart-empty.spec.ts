import { redisRestartScenario } from './support/redis-restart.js';

// Redis as a server without persistence comes back: every BullMQ job and session is gone from it;
// sessions come back from the auth service's durable copy.
redisRestartScenario(false);
