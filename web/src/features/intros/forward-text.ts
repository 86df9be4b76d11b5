import type { IntroRequestView } from '@warmpath/contracts';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * The message the connector forwards to the target: the requester's draft (written to the target)
 * when there is one, else a short note built from the request's own words.
 */
export function forwardText(request: IntroRequestView): string {
  if (request.draft) return request.draft;
  const greeting = firstName(request.target.name) ? `Hi ${firstName(request.target.name)},` : 'Hi,';
  return [
    greeting,
    `I'd like to introduce you to ${request.requester.name}, a teammate of mine. In their words: ${request.reason}`,
    'Would you be open to a short conversation? Reply to this message and I will connect you.',
  ].join('\n\n');
}

/** A mailto: link with the subject and body filled (the connector adds the target's address). */
export function forwardMailto(request: IntroRequestView): string {
  const subject = `Introduction: ${request.requester.name} and ${request.target.name}`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(forwardText(request))}`;
}
