import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AttemptLimiter } from './attempt-limiter.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SessionGuard } from './session.guard.js';
import { SessionStore } from './session.store.js';

@Global()
@Module({
  providers: [SessionStore, LoginRateLimiter, AttemptLimiter, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionStore, LoginRateLimiter, AttemptLimiter],
})
export class SessionModule {}
