import { describe, expect, it } from '@jest/globals';
import type { GenerateIntroRequest, IntroRelationship } from '@warmpath/contracts';
import { INTRO_MAX_CHARS } from '@warmpath/contracts';
import { writeBuiltInIntro } from './built-in-intro.writer.js';
import { toIntroFacts } from './intro-facts.js';

const sam = { name: 'Sam Carter', position: 'Product Manager', company: 'Initech' };
const ana = { name: 'Ana Silva', position: 'Engineering Manager', company: 'Globex' };
const ben = { name: 'Ben Okafor', position: 'Head of Sales', company: 'Globex', connectionType: '2nd' };

function write(request: Partial<GenerateIntroRequest['request']>, relationship?: IntroRelationship): string {
  const body = { target: ben, user: sam, intermediary: null, ...request };
  return writeBuiltInIntro(toIntroFacts({ userId: 1, request: body, relationship }));
}

/** What a reader would flag: placeholders, doubled spaces or punctuation, empty slots. */
function expectReadsNaturally(text: string): void {
  expect(text.length).toBeGreaterThan(150);
  expect(text.length).toBeLessThanOrEqual(INTRO_MAX_CHARS);
  expect(text).not.toMatch(/undefined|null|\[|\]|\{|\}| {2}|\s[,.]|\.\.|,,| at \.| at ,/);
  for (const paragraph of text.split('\n\n')) expect(paragraph.trim()).toBe(paragraph);
  expect(text.split('\n\n').length).toBeGreaterThanOrEqual(4);
}

describe('built-in intro through an intermediary', () => {
  it('asks the intermediary, names the target, their role and company, and signs with the user', () => {
    const text = write({ intermediary: ana });
    expect(text.startsWith('Hi Ana,')).toBe(true);
    expect(text).toContain('Ben Okafor, Head of Sales at Globex');
    expect(text).toContain("I'm Sam Carter, Product Manager at Initech.");
    expect(text).toContain('how Globex approaches sales');
    expect(text).toMatch(/introducing us\?/);
    expect(text.endsWith('Thanks so much,\nSam')).toBe(true);
    expectReadsNaturally(text);
  });

  it('says why this intermediary: they work at the target company, and how long the user has known them', () => {
    const text = write({ intermediary: ana }, { userToIntermediary: { yearsConnected: 6 } });
    expect(text).toContain("It's been 6 years since we connected");
    expect(text).toContain('since you both work there');
    expectReadsNaturally(text);
  });

  it('uses the path facts: worked together, years between intermediary and target', () => {
    const text = write(
      { intermediary: { ...ana, company: 'Umbrella' } },
      {
        userToIntermediary: { workedTogether: true },
        intermediaryToTarget: { yearsConnected: 3, workedTogether: true },
      },
    );
    expect(text).toContain("Since we've worked together");
    expect(text).toContain("since you've worked together and you've known each other for 3 years");
    expectReadsNaturally(text);
  });

  it('mentions a company the user shares with the intermediary', () => {
    const text = write({ intermediary: { ...ana, company: 'Initech' } });
    expect(text).toContain("As we're both at Initech");
    expectReadsNaturally(text);
  });

  it('still reads well when the target has no position', () => {
    const text = write({ intermediary: ana, target: { ...ben, position: null } });
    expect(text).toContain('Ben Okafor at Globex');
    expect(text).toContain('fifteen minutes with Ben to learn more about their work at Globex.');
    expectReadsNaturally(text);
  });

  it('still reads well when the target has no company', () => {
    const text = write({ intermediary: ana, target: { ...ben, company: '' } });
    expect(text).toContain('connected with Ben Okafor, Head of Sales.');
    expect(text).toContain('with Ben to hear how they approach sales.');
    expectReadsNaturally(text);
  });

  it('still reads well when the user and target have neither position nor company', () => {
    const text = write({ intermediary: ana, user: { name: 'Sam Carter' }, target: { name: 'Ben Okafor' } });
    expect(text).toContain('connected with Ben Okafor.');
    expect(text).not.toContain("I'm Sam Carter");
    expect(text.endsWith('Sam')).toBe(true);
    expectReadsNaturally(text);
  });

  it('asks an executive about where the company is heading', () => {
    const text = write({ intermediary: ana, target: { ...ben, position: 'Chief Executive Officer' } });
    expect(text).toContain('with Ben to hear their view on where Globex is heading.');
  });
});

describe('built-in intro written to the target directly', () => {
  it('greets the target and asks for a short call', () => {
    const text = write({ intermediary: null });
    expect(text.startsWith('Hi Ben,')).toBe(true);
    expect(text).toContain("I'm Sam Carter, Product Manager at Initech.");
    expect(text).toContain('how you approach sales at Globex');
    expect(text).toContain('I came across your profile');
    expect(text.endsWith('Best regards,\nSam')).toBe(true);
    expectReadsNaturally(text);
  });

  it('treats an intermediary whose fields are all empty as none', () => {
    expect(write({ intermediary: { name: '', position: null, company: null } }).startsWith('Hi Ben,')).toBe(
      true,
    );
  });

  it('recalls how long they have been connected, or that they are 1st-degree', () => {
    expect(write({}, { userToTarget: { yearsConnected: 1 } })).toContain("We've been connected for a year");
    expect(write({ target: { ...ben, connectionType: '1st' } })).toContain("We're connected, but");
  });

  it('says when the user and target work at the same company', () => {
    const text = write({ target: { ...ben, company: 'INITECH Inc.' } });
    expect(text).toContain('Since we both work at INITECH Inc., I thought');
    expectReadsNaturally(text);
  });

  it('reads well with a target missing position and company and no user company', () => {
    const text = write({
      target: { name: 'Ben Okafor' },
      user: { name: 'Sam Carter', position: 'Designer' },
    });
    expect(text).toContain("I'm Sam Carter, Designer.");
    expect(text).toContain('learn more about your work.');
    expectReadsNaturally(text);
  });

  it('falls back to a neutral greeting and sign-off when names are missing', () => {
    const text = write({
      target: { company: 'Globex', position: 'Recruiter' },
      user: { company: 'Initech' },
    });
    expect(text.startsWith('Hi there,')).toBe(true);
    expect(text).toContain('I work at Initech.');
    expect(text).toContain('how you approach hiring at Globex');
    expect(text.endsWith('Best regards!')).toBe(true);
  });

  it('strips control characters from CSV fields', () => {
    const text = write({ target: { ...ben, name: 'Ben\u0000 \u202eOkafor\r\n' } });
    expect(text.startsWith('Hi Ben,')).toBe(true);
    expect(text).not.toContain('\u0000');
    expect(text).not.toContain('\u202e');
    expect(text).not.toContain('\r');
  });
});
