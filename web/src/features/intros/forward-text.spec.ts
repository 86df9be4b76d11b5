import { describe, expect, it } from 'vitest';
import { forwardMailto, forwardText } from './forward-text';
import { buildIntro } from './intros.testing';

describe('the forwardable introduction', () => {
  it("is the requester's draft when there is one", () => {
    expect(forwardText(buildIntro())).toMatch(/^Hi Finn,\n\nI would love/);
  });

  it("is built from the request's reason without a draft", () => {
    const text = forwardText(buildIntro({ draft: null }));
    expect(text).toContain('Hi Finn,');
    expect(text).toContain("I'd like to introduce you to Maya Chen");
    expect(text).toContain('Finn leads Globex engineering; I want to propose a pilot.');
  });

  it('fills a mailto subject and body, encoded', () => {
    const link = new URL(forwardMailto(buildIntro({ draft: 'Hi Finn & co?' })));
    expect(link.protocol).toBe('mailto:');
    expect(link.searchParams.get('subject')).toBe('Introduction: Maya Chen and Finn Hart');
    expect(link.searchParams.get('body')).toBe('Hi Finn & co?');
  });
});
