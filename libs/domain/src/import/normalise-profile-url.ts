const LINKEDIN_HOST = /(^|\.)linkedin\.com$/;
const PROFILE_PATH = /^\/in\/([^/]+)/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// What exports hold nearly always: a plain profile address whose slug URL parsing leaves as it is.
// Answered without the URL parser (the costliest step of a row); anything else takes the full path.
const PLAIN_PROFILE = /^https?:\/\/(?:www\.)?linkedin\.com\/in\/([a-z0-9_-]+)\/?$/i;

/**
 * The canonical form of a profile URL, so the same person matches across exports: LinkedIn
 * profiles become `https://www.linkedin.com/in/<slug>` (any subdomain, no query, no trailing
 * path, lower case); other web addresses are kept in lower case without query or fragment.
 * Null for anything that is not an http(s) address (never a `javascript:` link).
 */
export function normaliseProfileUrl(url: string | null | undefined): string | null {
  const text = url?.trim();
  if (!text) return null;
  const plain = PLAIN_PROFILE.exec(text);
  if (plain) return `https://www.linkedin.com/in/${(plain[1] as string).toLowerCase()}`;
  // Exports and hand-made files sometimes drop the scheme ("www.linkedin.com/in/ana").
  const withScheme = HAS_SCHEME.test(text) ? text : `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase();
  if (!host.includes('.')) return null;
  const path = parsed.pathname.toLowerCase().replace(/\/+$/, '');
  const profile = LINKEDIN_HOST.test(host) ? PROFILE_PATH.exec(path) : null;
  if (profile) return `https://www.linkedin.com/in/${profile[1]}`;
  const port = parsed.port ? `:${parsed.port}` : '';
  return `${parsed.protocol}//${host}${port}${path}`;
}
