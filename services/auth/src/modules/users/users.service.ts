import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { RegisterRequest, UpdateProfileRequest, User, UserProfile } from '@warmpath/contracts';
import {
  conflict,
  forbidden,
  invalid,
  LOGGER,
  notFound,
  SERVICE_CONFIG,
  ServiceError,
} from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { AuthConfig } from '../../config/auth.config.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { ADMIN_USERNAME, toUser, toUserProfile } from './user.mapper.js';
import { isReservedUsername, USERNAME_PATTERN, usernameKey } from './username.js';
import { UsersRepository } from './users.repository.js';

const INVALID_CREDENTIALS = 'Invalid username or password';

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The admin account comes from configuration; its password follows the config at every start. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.ADMIN_PASSWORD) {
      this.logger.warn('ADMIN_PASSWORD is not set: there is no admin account');
      return;
    }
    const passwordHash = await this.hasher.hash(this.config.ADMIN_PASSWORD);
    const existing = await this.users.findByUsernameKey(ADMIN_USERNAME);
    const admin =
      existing ??
      this.users.create({
        username: ADMIN_USERNAME,
        usernameKey: ADMIN_USERNAME,
        firstName: 'Admin',
        lastName: '',
        email: this.config.ADMIN_EMAIL,
      });
    admin.passwordHash = passwordHash;
    try {
      await this.users.save(admin);
    } catch (error) {
      // Two replicas starting together: the other one created it.
      if (!existing) this.logger.info({ err: error }, 'admin account created concurrently');
    }
  }

  async register(request: RegisterRequest): Promise<User> {
    const username = request.username.trim().normalize('NFKC');
    if (!USERNAME_PATTERN.test(username)) {
      throw invalid('Username may only contain letters, digits, dots, underscores and hyphens', [
        {
          field: 'username',
          message: 'Username may only contain letters, digits, dots, underscores and hyphens',
        },
      ]);
    }
    const key = usernameKey(username);
    if (isReservedUsername(username)) {
      throw invalid('This username is not available', [
        { field: 'username', message: 'This username is not available' },
      ]);
    }
    if (await this.users.usernameKeyExists(key)) throw conflict('Username already exists');
    const user = this.users.create({
      username,
      usernameKey: key,
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      avatarUrl: null,
      passwordHash: await this.hasher.hash(request.password),
      identities: [],
    });
    try {
      return toUser(await this.users.save(user));
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict('Username already exists');
      throw error;
    }
  }

  /** Same message, status and (through the dummy hash) time whether or not the username exists. */
  async verifyPassword(username: string, password: string): Promise<User> {
    const user = await this.users.findByUsernameKey(usernameKey(username.trim()));
    const ok = await this.hasher.verify(password, user?.passwordHash ?? null);
    if (!user || !ok) throw new ServiceError('UNAUTHENTICATED', INVALID_CREDENTIALS);
    return toUser(user);
  }

  async getUser(userId: number): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User not found');
    return toUser(user);
  }

  /** Profiles for other services (names, e-mail); ids of no account are left out, not an error. */
  async getProfiles(userIds: readonly number[]): Promise<UserProfile[]> {
    return (await this.users.findByIds(userIds)).map(toUserProfile);
  }

  async listUsers(requesterId: number): Promise<User[]> {
    const requester = await this.getUser(requesterId);
    if (!requester.isAdmin) throw forbidden('Admin rights required');
    return (await this.users.findAllOrderedById()).map(toUser);
  }

  async updateProfile(userId: number, profile: UpdateProfileRequest): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User not found');
    Object.assign(user, profile);
    return toUser(await this.users.save(user));
  }

  async changePassword(userId: number, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User not found');
    if (user.passwordHash && !(await this.hasher.verify(currentPassword, user.passwordHash))) {
      throw invalid('Current password is incorrect', [
        { field: 'currentPassword', message: 'Current password is incorrect' },
      ]);
    }
    user.passwordHash = await this.hasher.hash(newPassword);
    await this.users.save(user);
  }
}
