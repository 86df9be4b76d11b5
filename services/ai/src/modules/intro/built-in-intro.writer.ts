import { functionCategory } from '@warmpath/domain';
import type { FunctionCategory } from '@warmpath/contracts';
import type { Hop, IntroFacts, Person } from './intro-facts.js';
import { firstNameOf } from './intro-text.js';

/**
 * The intro written without a model: a short message the user can send as is, to the
 * intermediary asking for the introduction, or to the target when there is none. Every
 * sentence is chosen from the facts, so a missing title or company changes the wording
 * instead of leaving a gap.
 */
export function writeBuiltInIntro(facts: IntroFacts): string {
  const paragraphs = facts.intermediary
    ? askForIntroduction(facts, facts.intermediary)
    : reachOutDirectly(facts);
  return paragraphs.filter(Boolean).join('\n\n');
}

function askForIntroduction(facts: IntroFacts, intermediary: Person): string[] {
  const { user, target } = facts;
  const targetFirst = firstNameOf(target.name);
  return [
    greeting(intermediary),
    `I hope you're doing well. ${favourOpener(facts.firstHop)}`,
    `${introducedPerson(target, facts.secondHop)} ${selfIntroduction(user)}${sentence(`I'd value fifteen minutes ${targetFirst ? `with ${targetFirst}` : 'of their time'} ${topicFor(target, 'they')}`)}`,
    `Would you be open to introducing us? I'm happy to send a short note you can forward, so it takes almost none of your time.`,
    signOff('Thanks so much', user),
  ];
}

function reachOutDirectly(facts: IntroFacts): string[] {
  const { user, target } = facts;
  return [
    greeting(target),
    `I hope this finds you well. ${directOpener(facts)}`,
    `${selfIntroduction(user)}${sentence(`I'd love ${topicFor(target, 'you')}`)}`,
    'Would you be open to a short call in the coming weeks? Fifteen minutes would be plenty, and I can work around your schedule.',
    signOff('Best regards', user),
  ];
}

function greeting(person: Person): string {
  const first = firstNameOf(person.name);
  return first ? `Hi ${first},` : 'Hi there,';
}

function signOff(words: string, user: Person): string {
  const first = firstNameOf(user.name);
  return first ? `${words},\n${first}` : `${words}!`;
}

/** Why the user feels able to ask this intermediary: the warmest fact of the first hop. */
function favourOpener(hop: Hop): string {
  if (hop.sharedCompany)
    return `As we're both at ${hop.sharedCompany}, I hoped I could ask you a small favour.`;
  if (hop.workedTogether) return `Since we've worked together, I hoped I could ask you a small favour.`;
  if (hop.yearsConnected !== null && hop.yearsConnected >= 1) {
    return `${capitalise(yearsPhrase(hop.yearsConnected))} since we connected, and I'd like to ask you a small favour.`;
  }
  return 'I have a small favour to ask.';
}

/** Who the target is and why this intermediary is the right person to ask. */
function introducedPerson(target: Person, hop: Hop): string {
  const who = target.name ? describe(target) : unnamed(target);
  const reasons: string[] = [];
  if (hop.sharedCompany) reasons.push(sameCompany(hop.sharedCompany, target.company, 'you both work'));
  if (hop.workedTogether) reasons.push("you've worked together");
  if (hop.sameFunction && !hop.sharedCompany) reasons.push('you work in the same field');
  if (hop.yearsConnected !== null && hop.yearsConnected >= 1)
    reasons.push(`you've known each other for ${years(hop.yearsConnected)}`);
  if (reasons.length === 0) return sentence(`I noticed you're connected with ${who}`);
  return `I noticed you're connected with ${who}, and since ${joinAnd(reasons)}, you're the best person I know to introduce us.`;
}

function directOpener({ firstHop: hop, target }: IntroFacts): string {
  if (hop.sharedCompany)
    return `${sameCompany(hop.sharedCompany, null, 'Since we both work')}, I thought I'd reach out directly.`;
  if (hop.workedTogether) return "It's been a while since we worked together, so I thought I'd reach out.";
  if (hop.yearsConnected !== null && hop.yearsConnected >= 1) {
    return `We've been connected for ${years(hop.yearsConnected)}, and I've been meaning to get in touch.`;
  }
  if (isFirstDegree(target.connectionType))
    return "We're connected, but I don't think we've properly talked yet.";
  return 'I came across your profile and wanted to reach out.';
}

function sameCompany(shared: string, shownCompany: string | null, lead: string): string {
  // "there" once the company has just been named in the same sentence.
  return shownCompany && shownCompany === shared ? `${lead} there` : `${lead} at ${shared}`;
}

/** "I'm Sam Carter, Product Manager at Initech. " (with a trailing space), or nothing. */
function selfIntroduction(user: Person): string {
  if (user.name) {
    if (user.position && user.company)
      return `${sentence(`I'm ${user.name}, ${user.position} at ${user.company}`)} `;
    if (user.position) return `${sentence(`I'm ${user.name}, ${user.position}`)} `;
    if (user.company) return `${sentence(`I'm ${user.name} from ${user.company}`)} `;
    return '';
  }
  if (user.position && user.company) return `${sentence(`I work at ${user.company} as ${user.position}`)} `;
  if (user.company) return `${sentence(`I work at ${user.company}`)} `;
  return '';
}

function describe(person: Person): string {
  if (person.position && person.company) return `${person.name}, ${person.position} at ${person.company}`;
  if (person.position) return `${person.name}, ${person.position}`;
  if (person.company) return `${person.name} at ${person.company}`;
  return person.name;
}

function unnamed(person: Person): string {
  if (person.position && person.company) return `the ${person.position} at ${person.company}`;
  if (person.company) return `someone at ${person.company}`;
  return 'someone I would really like to meet';
}

const TOPICS: Partial<Record<FunctionCategory, string>> = {
  sales: 'sales',
  marketing: 'marketing',
  engineering: 'engineering',
  product: 'product',
  hr: 'hiring',
  operations: 'operations',
  finance: 'finance',
  legal: 'legal and compliance',
  consulting: 'consulting work',
  research: 'research',
  support: 'customer support',
};

/**
 * What the conversation would be about, from the target's role: "to hear how Globex approaches
 * sales". Addressed to the target ('you') or about them ('they', the name is said just before).
 */
function topicFor(target: Person, person: 'you' | 'they'): string {
  const category = roleCategory(target.position);
  const company = target.company;
  const their = person === 'you' ? 'your' : 'their';
  if (category === 'executive') {
    return company
      ? `to hear ${their} view on where ${company} is heading`
      : `to hear ${their} view on the road ahead`;
  }
  const topic = TOPICS[category];
  if (topic && company)
    return person === 'you'
      ? `to hear how you approach ${topic} at ${company}`
      : `to hear how ${company} approaches ${topic}`;
  if (topic) return `to hear how ${person} approach ${topic}`;
  return company ? `to learn more about ${their} work at ${company}` : `to learn more about ${their} work`;
}

/** A "Head of Sales" is about sales: leadership words are dropped when they hide the function. */
function roleCategory(position: string): FunctionCategory {
  const category = functionCategory(position);
  if (category !== 'director' && category !== 'manager') return category;
  return functionCategory(position.replace(/\b(head|director|manager)\b(\s+of)?/gi, ' '));
}

function isFirstDegree(connectionType: string): boolean {
  return /^(1|first|direct)/i.test(connectionType.trim());
}

function years(count: number): string {
  return count === 1 ? 'a year' : `${count} years`;
}

function yearsPhrase(count: number): string {
  return count === 1 ? "it's been a year" : `it's been ${count} years`;
}

/** Ends a sentence once: a company like "Acme Inc." already carries the full stop. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
