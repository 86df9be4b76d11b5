export interface NamedUser {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

// docs/product.md#display-names-and-initials: test and example accounts ("Example Com", "Example
// User", "Test Example") carry made-up names; showing them would look like a bug, so the account
// name shows instead.
const PLACEHOLDER_WORDS = new Set(['example', 'test', 'user', 'com', 'demo', 'sample']);
const PLACEHOLDER_MARKERS = new Set(['example', 'test']);

/** True for names made only of placeholder words, at least one of them "example" or "test". */
export function isPlaceholderName(firstName?: string | null, lastName?: string | null): boolean {
  const words = `${firstName ?? ''} ${lastName ?? ''}`
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return (
    words.length > 0 &&
    words.every((word) => PLACEHOLDER_WORDS.has(word)) &&
    words.some((word) => PLACEHOLDER_MARKERS.has(word))
  );
}

/** First and last name joined, without stray spaces ("Ana Silva", "Cher"). */
export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ');
}

function accountName(user: NamedUser): string {
  const username = user.username?.trim();
  if (username) return username;
  const localPart = user.email?.trim().split('@')[0]?.trim();
  return localPart || 'User';
}

/**
 * The name shown for a user (docs/product.md#display-names-and-initials): real names, else
 * username, e-mail local part, "User".
 */
export function displayName(user: NamedUser): string {
  const name = fullName(user);
  if (!name || isPlaceholderName(user.firstName, user.lastName)) return accountName(user);
  return name;
}

const firstLetter = (text: string | null | undefined): string => Array.from(text?.trim() ?? '')[0] ?? '';

/**
 * Avatar initials (docs/product.md#display-names-and-initials): first letters of first and last
 * name; "LI" for placeholder names or a first name holding an e-mail address (an account made by
 * the provider sign-in); the e-mail's first letter without names; "U" as the last resort.
 */
export function initials(user: NamedUser): string {
  const first = user.firstName?.trim() ?? '';
  const last = user.lastName?.trim() ?? '';
  if (first.includes('@') || isPlaceholderName(first, last)) return 'LI';
  const letters = firstLetter(first) + firstLetter(last);
  if (letters) return letters.toUpperCase();
  const fromEmail = firstLetter(user.email);
  return fromEmail ? fromEmail.toUpperCase() : 'U';
}
