import { describe, expect, it } from '@jest/globals';
import {
  aiBusTimeoutMs,
  INTRO_FIELD_MAX_CHARS,
  warmIntroRequestSchema,
  warmIntroResponseSchema,
} from './ai.schema.js';

const person = { name: 'Ana Silva', position: 'CTO', company: 'Acme' };

describe('warm intro request', () => {
  it('accepts the documented body with an intermediary, with null and without one', () => {
    const target = { ...person, connectionType: '2nd' };
    expect(warmIntroRequestSchema.safeParse({ target, intermediary: person, user: person }).success).toBe(
      true,
    );
    expect(warmIntroRequestSchema.safeParse({ target, intermediary: null, user: person }).success).toBe(true);
    expect(warmIntroRequestSchema.safeParse({ target, user: person }).success).toBe(true);
  });

  it('accepts empty and null fields', () => {
    const empty = { name: '', position: null, company: null };
    expect(
      warmIntroRequestSchema.safeParse({ target: { ...empty, connectionType: null }, user: empty }).success,
    ).toBe(true);
  });

  it('drops e-mails, notes and other fields the intro does not need', () => {
    const target = { ...person, connectionType: '1st', email: 'ana@acme.test', notes: 'owes me lunch' };
    const parsed = warmIntroRequestSchema.parse({ target, user: { ...person, email: 'me@x.test' } });
    expect(JSON.stringify(parsed)).not.toMatch(/@|lunch/);
  });

  it('refuses a field longer than the cap', () => {
    const long = 'x'.repeat(INTRO_FIELD_MAX_CHARS + 1);
    expect(warmIntroRequestSchema.safeParse({ target: { name: long }, user: person }).success).toBe(false);
  });

  it('accepts a connection or user node id as targetId, nothing else', () => {
    const base = { target: { name: 'Ben' }, user: person };
    expect(warmIntroRequestSchema.safeParse({ ...base, targetId: '1234' }).success).toBe(true);
    expect(warmIntroRequestSchema.safeParse({ ...base, targetId: 'u7' }).success).toBe(true);
    expect(warmIntroRequestSchema.safeParse({ ...base, targetId: '../x' }).success).toBe(false);
  });

  it('refuses a body without a target or user', () => {
    expect(warmIntroRequestSchema.safeParse({ user: person }).success).toBe(false);
    expect(warmIntroRequestSchema.safeParse({ target: person }).success).toBe(false);
  });
});

describe('warm intro response', () => {
  it('names the provider and refuses an empty intro', () => {
    expect(warmIntroResponseSchema.safeParse({ intro: 'Hi', provider: 'built-in' }).success).toBe(true);
    expect(warmIntroResponseSchema.safeParse({ intro: '', provider: 'openai' }).success).toBe(false);
  });

  it('gives the gateway a bus timeout above the AI budget', () => {
    expect(aiBusTimeoutMs(20_000)).toBeGreaterThan(20_000);
  });
});
