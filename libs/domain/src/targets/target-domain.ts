import { targetCompanyKey } from './target-company-key.js';

// docs/targets.md#domains: how a target's domain, website or company page meets people.

/** Mail providers anyone can sign up with: an address there says nothing of an employer. */
const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'mail.ru',
  'yandex.ru',
  'yandex.com',
  'qq.com',
  '163.com',
  '126.com',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'orange.fr',
  'free.fr',
  'laposte.net',
  't-online.de',
  'libero.it',
  'naver.com',
]);

/** Second-level labels under a country code that are not a company's name ("acme.co.uk"). */
const GENERIC_SECOND_LEVEL = new Set([
  'co',
  'com',
  'org',
  'net',
  'ac',
  'gov',
  'edu',
  'ltd',
  'plc',
  'ne',
  'or',
]);

const LINKEDIN_HOST = /(^|\.)linkedin\.com$/;
const COMPANY_PATH = /^\/(?:company|school|showcase)\/([^/]+)/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HOST_LABEL = /^[a-z0-9-]+$/;

/** True for an address at a free mail provider (gmail.com ...), in any case. */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAINS.has(domain.toLowerCase());
}

function parseHost(text: string): URL | null {
  try {
    return new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/**
 * The host a target's domain or website names, lower case, without "www." and a trailing dot:
 * "https://www.Acme.com/about" and "acme.com" give "acme.com"; "sales@acme.com" too. Null for
 * text that is no host with a dot, and for LinkedIn (a company page is a linkedinCompanyUrl).
 */
export function normaliseTargetDomain(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const address =
    trimmed.includes('@') && !HAS_SCHEME.test(trimmed)
      ? trimmed.slice(trimmed.lastIndexOf('@') + 1)
      : trimmed;
  const url = parseHost(address);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\d?\./, '');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label))) return null;
  if (!/[a-z]/.test(labels[labels.length - 1] as string)) return null;
  return LINKEDIN_HOST.test(host) ? null : host;
}

/**
 * The canonical company page of a LinkedIn company, school or showcase URL
 * ("linkedin.com/company/acme-labs/about" → "https://www.linkedin.com/company/acme-labs"); null
 * for anything else.
 */
export function normaliseCompanyLinkedinUrl(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const url = parseHost(trimmed);
  if (!url || !LINKEDIN_HOST.test(url.hostname.toLowerCase())) return null;
  const match = COMPANY_PATH.exec(url.pathname.toLowerCase());
  if (!match) return null;
  const kind = url.pathname.toLowerCase().split('/')[1] as string;
  return `https://www.linkedin.com/${kind}/${decodeURIComponent(match[1] as string)}`;
}

/** The domain of an e-mail address when it can name an employer: null for free mail. */
export function workEmailDomain(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 1) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (!domain.includes('.') || isFreeMailDomain(domain)) return null;
  return domain;
}

/**
 * The domains a work e-mail domain answers to: itself and each parent of at least two labels
 * ("uk.acme.com" → "uk.acme.com", "acme.com"), so a target "acme.com" meets people at any of
 * its subdomains. Parents that are only a public suffix ("co.uk") are left out.
 */
export function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  const result: string[] = [];
  for (let i = 0; i + 2 <= labels.length; i++) {
    const parent = labels.slice(i);
    if (parent.length === 2 && GENERIC_SECOND_LEVEL.has(parent[0] as string) && i > 0) break;
    result.push(parent.join('.'));
  }
  return result;
}

/**
 * The company name a domain or company page spells, folded (targetCompanyKey), for meeting
 * people whose company is written that way: "acme.com" → "acme", "acme-labs.co.uk" → "acme labs",
 * linkedin.com/company/acme-labs → "acme labs". Null for free mail and stems under 2 letters.
 */
export function companyStemKey(domainOrCompanyUrl: string): string | null {
  const page = normaliseCompanyLinkedinUrl(domainOrCompanyUrl);
  let stem: string | undefined;
  if (page) {
    stem = page.split('/').pop();
  } else {
    const domain = normaliseTargetDomain(domainOrCompanyUrl);
    if (!domain || isFreeMailDomain(domain)) return null;
    const labels = domain.split('.');
    const secondLevel = labels[labels.length - 2] as string;
    const generic = labels.length > 2 && GENERIC_SECOND_LEVEL.has(secondLevel);
    stem = labels[labels.length - (generic ? 3 : 2)];
  }
  // Slugs end in a number LinkedIn added to keep them unique ("acme-labs-2").
  const words = (stem ?? '').replace(/[-_]+\d+$/, '').replace(/[-_]+/g, ' ');
  if (words.replace(/\s/g, '').length < 2) return null;
  return targetCompanyKey(words);
}

/** The key with its spaces removed: "acmelabs.com" meets "Acme Labs" (see companyStemKey). */
export const squashKey = (key: string): string => key.replaceAll(' ', '');
