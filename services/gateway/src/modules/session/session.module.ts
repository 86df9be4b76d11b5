import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AttemptLimiter } from './attempt-limiter.js';
import { DeviceCookies } from './device-cookie.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SessionGuard } from './session.guard.js';
import { SessionStore } from './session.store.js';

@Global()
@Module({
  providers: [
    SessionStore,
    LoginRateLimiter,
    AttemptLimiter,
    DeviceCookies,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [SessionStore, LoginRateLimiter, AttemptLimiter, DeviceCookies],
})
export class SessionModule {}
