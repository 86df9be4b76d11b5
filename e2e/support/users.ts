import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export interface TestUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A fresh, unique user (tests never share accounts). */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    username: `user_${id}`,
    password: `pw-${id}-secret`,
    firstName: 'Ana',
    lastName: 'Silva',
    email: `ana.${id}@example.org`,
    ...overrides,
  };
}

export async function registerUser(request: APIRequestContext, user: TestUser = newUser()) {
  const response = await request.post('/api/register', { data: { ...user, confirmPassword: user.password } });
  if (response.status() !== 201)
    throw new Error(`register answered ${response.status()}: ${await response.text()}`);
  return { user, body: await response.json() };
}
