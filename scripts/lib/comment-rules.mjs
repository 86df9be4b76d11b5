// What a tracked file may not say, so that the repository explains itself: comments and docs point
// into the repository (docs/ sections), never to section numbers or issues of documents and
// trackers a reader of the repository does not have (docs/developer-guide.md#comments).
// Pure: the caller lists and reads the files (scripts/check-comments.mjs).

const SECTION_SIGN = '\u00a7';
/** Documents that lived beside the repository and are not in it. */
const OUTSIDE_DOCUMENTS = ['ARCHITECTURE', 'STYLE', 'STACK', 'DECISIONS'].map((name) => `${name}.md`);

/** One rule: a pattern that must not occur on any line, and why, for the message. */
export const COMMENT_RULES = [
  {
    name: 'section-sign',
    pattern: new RegExp(SECTION_SIGN),
    why: 'name a docs/ section (or "section N" for an RFC)',
  },
  {
    name: 'product-spec',
    pattern: new RegExp(`product-${'spec'}`, 'i'),
    why: 'point to docs/product.md#<heading>',
  },
  {
    name: 'issue-number',
    pattern: /\bissues? ?[-#]?\d+/i,
    why: 'say the why, or point to a docs/ section; issue numbers belong in commit bodies',
  },
  {
    name: 'outside-document',
    pattern: new RegExp(`(?<![\\w/.-])(${OUTSIDE_DOCUMENTS.map(escape).join('|')})|\\.\\./${'shared'}\\b`),
    why: 'the document is not in the repository: point to docs/',
  },
];

/** Tracked files whose text is checked: sources, tests, scripts, configs and docs. */
const CHECKED = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|sh|lua|html|css|Dockerfile)$|(^|\/)(run|Dockerfile)$/;
const NOT_CHECKED = /(^|\/)package-lock\.json$/;

export function isCheckedPath(path) {
  return CHECKED.test(path) && !NOT_CHECKED.test(path);
}

/**
 * Every line of `text` that breaks a rule, as `{ line, rule, why, excerpt }` (line numbers from 1).
 * An empty list means the file is clean.
 */
export function findCommentViolations(text) {
  const violations = [];
  text.split('\n').forEach((content, index) => {
    for (const rule of COMMENT_RULES) {
      const match = rule.pattern.exec(content);
      if (!match) continue;
      violations.push({
        line: index + 1,
        rule: rule.name,
        why: rule.why,
        excerpt: excerptAround(content, match.index),
      });
    }
  });
  return violations;
}

function excerptAround(content, at) {
  const start = Math.max(0, at - 40);
  return `${start > 0 ? '…' : ''}${content.slice(start, at + 60).trim()}`;
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
