import type { GenerateIntroRequest, IntroHop, IntroPerson } from '@warmpath/contracts';
import { companyKey, isSharedEmployer } from '@warmpath/domain';
import { cleanField } from './intro-text.js';

export interface Person {
  name: string;
  position: string;
  company: string;
}

export interface Hop {
  yearsConnected: number | null;
  sharedCompany: string;
  workedTogether: boolean;
  sameFunction: boolean;
}

/**
 * Everything an intro may be written from, cleaned once. Both providers read only this, so
 * nothing else a request might carry (e-mails, notes, the rest of the network) can reach them.
 */
export interface IntroFacts {
  user: Person;
  /** Null when the user writes to the target directly. */
  intermediary: Person | null;
  target: Person & { connectionType: string };
  /** The hop from the user to the person the message is addressed to. */
  firstHop: Hop;
  /** Intermediary → target; empty when there is no intermediary. */
  secondHop: Hop;
}

export function toIntroFacts({ request, relationship = {} }: GenerateIntroRequest): IntroFacts {
  const user = toPerson(request.user);
  const target = { ...toPerson(request.target), connectionType: cleanField(request.target.connectionType) };
  const intermediary = request.intermediary ? toPerson(request.intermediary) : null;
  const hasIntermediary = intermediary !== null && Object.values(intermediary).some(Boolean);
  if (!hasIntermediary) {
    return {
      user,
      intermediary: null,
      target,
      firstHop: toHop(relationship.userToTarget, user, target),
      secondHop: emptyHop(),
    };
  }
  return {
    user,
    intermediary,
    target,
    firstHop: toHop(relationship.userToIntermediary, user, intermediary),
    secondHop: toHop(relationship.intermediaryToTarget, intermediary, target),
  };
}

function toPerson(person: IntroPerson): Person {
  return {
    name: cleanField(person.name),
    position: cleanField(person.position),
    company: cleanField(person.company),
  };
}

function emptyHop(): Hop {
  return { yearsConnected: null, sharedCompany: '', workedTogether: false, sameFunction: false };
}

/** Path facts win; otherwise a shared employer is read from the two people's own companies. */
function toHop(hop: IntroHop | undefined, from: Person, to: Person): Hop {
  const years = hop?.yearsConnected;
  return {
    yearsConnected: typeof years === 'number' && Number.isFinite(years) ? Math.floor(years) : null,
    sharedCompany: cleanField(hop?.sharedCompany) || sharedEmployerOf(from, to),
    workedTogether: hop?.workedTogether ?? false,
    sameFunction: hop?.sameFunction ?? false,
  };
}

function sharedEmployerOf(a: Person, b: Person): string {
  const key = companyKey(a.company);
  return key !== null && key === companyKey(b.company) && isSharedEmployer(key) ? b.company : '';
}
