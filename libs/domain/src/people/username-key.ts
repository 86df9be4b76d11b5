// prettier-ignore
// eslint-disable-next-line no-misleading-character-class -- the class lists invisible and joining code points on purpose
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;

/**
 * The unique key of a username: same for every spelling a person would read as the same name
 * (width, case, spaces and invisible characters folded). The auth service matches accounts on it,
 * and the gateway keys its sign-in limits and device cookies on it, so no spelling of one account
 * escapes that account's limits.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, '').toLowerCase();
}
