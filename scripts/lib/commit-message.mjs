// The commit message convention (docs/developer-guide.md#commits), as a pure check: a subject of
// at most 72 characters, `<scope>: <imperative summary>` with a scope from SCOPES, and a body that
// says why (recommended: its absence is a warning, never an error).

export const SCOPES = [
  'web',
  'graph',
  'gateway',
  'auth',
  'network',
  'teams',
  'ai',
  'import-worker',
  'contracts',
  'domain',
  'server-kit',
  'testing',
  'e2e',
  'bench',
  'infra',
  'docs',
  'ci',
  'scripts',
  'tools',
  'deps',
];

export const MAX_SUBJECT_LENGTH = 72;

/** Verbs whose other forms ("adds", "added", "adding") are common slips for the imperative. */
const COMMON_VERBS = [
  'add',
  'allow',
  'answer',
  'build',
  'bump',
  'cache',
  'change',
  'check',
  'clean',
  'cut',
  'document',
  'drop',
  'extract',
  'fix',
  'handle',
  'improve',
  'introduce',
  'keep',
  'let',
  'make',
  'merge',
  'move',
  'name',
  'read',
  'refactor',
  'remove',
  'rename',
  'replace',
  'return',
  'run',
  'send',
  'serve',
  'set',
  'show',
  'simplify',
  'split',
  'start',
  'stop',
  'support',
  'take',
  'test',
  'turn',
  'update',
  'use',
  'write',
];
const IRREGULAR = {
  built: 'build',
  kept: 'keep',
  made: 'make',
  ran: 'run',
  sent: 'send',
  took: 'take',
  wrote: 'write',
};
const DOUBLED = new Set(['cut', 'drop', 'let', 'run', 'set', 'split', 'stop']);
const SIMPLIFY = { simplifies: 'simplify', simplified: 'simplify', simplifying: 'simplify' };

/** Every non-imperative form of COMMON_VERBS, mapped to its imperative. */
const NOT_IMPERATIVE = new Map([...Object.entries(IRREGULAR), ...Object.entries(SIMPLIFY)]);
for (const verb of COMMON_VERBS) {
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : DOUBLED.has(verb) ? verb + verb.at(-1) : verb;
  const third = /(s|x|ch|sh)$/.test(verb) ? `${verb}es` : `${verb}s`;
  for (const form of [third, `${stem}ed`, `${stem}ing`]) NOT_IMPERATIVE.set(form, verb);
}

/**
 * Checks one commit message (subject, blank line, body). `errors` fail the check; `warnings` are
 * printed only. Merge commits and reverts made by git are checkGitMessage's.
 */
export function checkCommitMessage(message) {
  const lines = message
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((line) => !line.startsWith('#'));
  const subject = (lines[0] ?? '').trimEnd();
  const body = lines.slice(1).join('\n').trim();
  const errors = [];
  const warnings = [];

  if (subject.length === 0) {
    return { errors: ['the subject is empty'], warnings };
  }
  if (subject.length > MAX_SUBJECT_LENGTH) {
    errors.push(`the subject has ${subject.length} characters; at most ${MAX_SUBJECT_LENGTH}`);
  }
  const match = /^([a-z0-9-]+): (\S.*)$/.exec(subject);
  if (!match) {
    errors.push(`the subject must read "<scope>: <summary>", the scope one of: ${SCOPES.join(', ')}`);
  } else {
    const [, scope, summary] = match;
    if (!SCOPES.includes(scope)) {
      errors.push(`"${scope}" is not a scope; use one of: ${SCOPES.join(', ')}`);
    }
    const problem = imperativeProblem(summary.split(/\s+/)[0]);
    if (problem) errors.push(problem);
    if (summary.endsWith('.')) errors.push('the subject does not end with a full stop');
  }
  if (lines.length > 1 && lines[1].trim() !== '') {
    errors.push('a blank line separates the subject from the body');
  }
  if (body.length === 0) {
    warnings.push('no body: say why in a few lines, unless the subject says it all');
  }
  return { errors, warnings };
}

/**
 * Checks a message git writes itself (a merge, a revert, a fixup to squash): its words are git's,
 * its length is still ours, since a merge's subject is often edited (`git merge -m`).
 */
export function checkGitMessage(message) {
  const subject = (message.replace(/\r\n/g, '\n').split('\n')[0] ?? '').trimEnd();
  const errors =
    subject.length > MAX_SUBJECT_LENGTH
      ? [`the subject has ${subject.length} characters; at most ${MAX_SUBJECT_LENGTH}`]
      : [];
  return { errors, warnings: [] };
}

/** Why the summary's first word is not an imperative, or null when it may be one. */
function imperativeProblem(firstWord) {
  const verb = NOT_IMPERATIVE.get(firstWord.toLowerCase());
  return verb ? `start with the imperative "${verb}", not "${firstWord}"` : null;
}
