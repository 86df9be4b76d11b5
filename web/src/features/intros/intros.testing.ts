import type { IntroRequestView, IntroTimelineEntry } from '@warmpath/contracts';

/** A request as its requester (you, Maya) sees it; overrides per test. */
export function buildIntro(overrides: Partial<IntroRequestView> = {}): IntroRequestView {
  return {
    id: 12,
    teamId: 5,
    teamName: 'Acme Sales',
    state: 'requested',
    viewerRole: 'requester',
    requester: { userId: 1, name: 'Maya Chen' },
    connector: { revealed: true, userId: 2, name: 'Ben Ode' },
    target: { id: '20', name: 'Finn Hart', company: 'Globex', position: 'CTO' },
    reason: 'Finn leads Globex engineering; I want to propose a pilot.',
    draft: 'Hi Finn,\n\nI would love fifteen minutes about the pilot.\n\nBest regards,\nMaya',
    declineReason: null,
    declineText: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    answeredAt: null,
    expiresAt: '2026-03-18T10:00:00.000Z',
    awaitingMe: false,
    unread: false,
    timeline: [timelineEntry({ state: 'requested', by: 'requester', byName: 'Maya Chen' })],
    ...overrides,
  };
}

export function timelineEntry(overrides: Partial<IntroTimelineEntry> = {}): IntroTimelineEntry {
  return {
    state: 'requested',
    at: '2026-03-04T10:00:00.000Z',
    by: 'requester',
    byName: 'Maya Chen',
    note: null,
    mail: null,
    ...overrides,
  };
}

/** The same request as its connector (Ben) sees it. */
export function buildIntroForConnector(overrides: Partial<IntroRequestView> = {}): IntroRequestView {
  return buildIntro({ viewerRole: 'connector', awaitingMe: true, ...overrides });
}
