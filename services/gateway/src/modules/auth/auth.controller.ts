import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Req, Res } from '@nestjs/common';
import {
  authContracts,
  changePasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
  type ChangePasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type UpdateProfileRequest,
  type User,
} from '@warmpath/contracts';
import { BusClient, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { Public } from '../../http/public.decorator.js';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import {
  AttemptLimiter,
  TOO_MANY_PASSWORD_CHANGES,
  TOO_MANY_REGISTRATIONS,
} from '../session/attempt-limiter.js';
import { LoginRateLimiter } from '../session/login-rate-limiter.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../session/session-cookie.js';
import { CurrentUserId } from '../session/session.guard.js';
import { SessionStore } from '../session/session.store.js';

/** docs/product.md#api: register, login, logout, current user, profile, admin list. */
@Controller('api')
export class AuthController {
  constructor(
    private readonly bus: BusClient,
    private readonly sessions: SessionStore,
    private readonly limiter: LoginRateLimiter,
    private readonly attempts: AttemptLimiter,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('register')
  @Public()
  async register(
    @Body(new ZodPipe(registerRequestSchema)) body: RegisterRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<User> {
    const limit = this.config.REGISTER_MAX_PER_CLIENT;
    await this.attempts.consume('register', request.ip, limit, 3600, TOO_MANY_REGISTRATIONS);
    await this.sessions.assertWritable();
    const user = await this.bus.request(authContracts.register, body);
    await this.startSession(user.id, request, reply);
    return user;
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  async login(
    @Body(new ZodPipe(loginRequestSchema)) body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<User> {
    await this.limiter.admit(request.ip, body.username);
    let user: User;
    try {
      user = await this.bus.request(authContracts.verifyPassword, body);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'UNAUTHENTICATED')
        await this.limiter.recordFailure(request.ip, body.username);
      throw error;
    }
    await this.limiter.recordSuccess(request.ip, body.username);
    await this.startSession(user.id, request, reply);
    return user;
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.destroy(readSessionCookie(request));
    clearSessionCookie(reply, request, this.config);
    return { loggedOut: true };
  }

  @Get('user')
  user(@CurrentUserId() userId: number): Promise<User> {
    return this.bus.request(authContracts.getUser, { userId });
  }

  @Patch('user')
  updateProfile(
    @CurrentUserId() userId: number,
    @Body(new ZodPipe(updateProfileRequestSchema)) profile: UpdateProfileRequest,
  ): Promise<User> {
    return this.bus.request(authContracts.updateProfile, { userId, profile });
  }

  /**
   * A password change signs the user out everywhere else (whoever knew the old password loses
   * their sessions) and gives this browser a new session id.
   */
  @Post('user/password')
  @HttpCode(200)
  async changePassword(
    @CurrentUserId() userId: number,
    @Body(new ZodPipe(changePasswordRequestSchema)) body: ChangePasswordRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { PASSWORD_CHANGE_MAX_ATTEMPTS: limit, LOGIN_WINDOW_SECONDS: window } = this.config;
    await this.attempts.consume('password', String(userId), limit, window, TOO_MANY_PASSWORD_CHANGES);
    const changed = await this.bus.request(authContracts.changePassword, {
      userId,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
    });
    await this.sessions.destroyOthers(userId, readSessionCookie(request));
    await this.startSession(userId, request, reply);
    return changed;
  }

  /** Admin rights are decided by the auth service from the caller's id: 401 signed out, 403 others. */
  @Get('admin/users')
  listUsers(@CurrentUserId() userId: number): Promise<User[]> {
    return this.bus.request(authContracts.listUsers, { userId });
  }

  /** A new session id at every sign-in (no fixation); the previous one, if any, is ended. */
  private async startSession(userId: number, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.sessions.destroy(readSessionCookie(request));
    const session = await this.sessions.create(userId);
    setSessionCookie(reply, request, this.config, session.id);
  }
}
