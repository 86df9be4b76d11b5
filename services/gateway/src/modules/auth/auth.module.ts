import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { RegistrationLimiter } from './registration-limiter.js';

@Module({ controllers: [AuthController], providers: [RegistrationLimiter] })
export class AuthModule {}
