import { redisRestartScenario } from './support/redis-restart.js';

// Redis with an append-only file (as the launcher and docker-compose run it) comes back whole.
redisRestartScenario(true);
