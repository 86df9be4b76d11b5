import { expect, test } from '@playwright/test';
import type { Invitation, Workspace } from '@warmpath/contracts';
import {
  anonymous,
  createWorkspace,
  errorBody,
  invite,
  joinLinkIn,
  mailsTo,
  person,
  queryDatabase,
  siteAdmin,
} from './teams-helpers.js';

test.describe('e-mail invitations', () => {
  test('the mail reaches the invited address with a working link that the invitee accepts', async ({
    playwright,
  }) => {
    const owner = await person(playwright, { firstName: 'Olga', lastName: 'Owner' });
    const workspace = await createWorkspace(owner, 'Growth Guild');
    const bea = await person(playwright, { firstName: 'Bea', lastName: 'Costa' });
    const created = await invite(owner, workspace.id, bea.user.email.toUpperCase());
    expect(created.joinUrl).toBe(`${process.env.WARMPATH_URL}/join/${created.token}`);
    expect(created.mailStatus).toBe('queued');

    await expect.poll(async () => (await mailsTo(bea.user.email)).length).toBe(1);
    const [mail] = await mailsTo(bea.user.email);
    expect(mail?.subject).toBe('Olga Owner invited you to join Growth Guild on Warmpath');
    expect(mail?.from).toEqual([{ address: 'no-reply@warmpath.test', name: 'Warmpath' }]);
    expect(mail?.text).toContain('Growth Guild');
    expect(mail?.html).toContain('Growth Guild');
    const link = joinLinkIn(mail!);
    expect(link).toBe(created.joinUrl);
    await expect
      .poll(async () => {
        const list = (await (
          await owner.request.get(`/api/teams/${workspace.id}/invitations`)
        ).json()) as Invitation[];
        return list[0]?.mailStatus;
      })
      .toBe('sent');

    const token = link!.split('/join/')[1];
    const visitor = await anonymous(playwright);
    const lookup = await visitor.get(`/api/invitations/${token}`);
    expect(lookup.status()).toBe(200);
    const shown = await lookup.json();
    expect(shown).toEqual({
      teamName: 'Growth Guild',
      inviterName: 'Olga Owner',
      role: 'member',
      expiresAt: created.expiresAt,
    });
    expect(JSON.stringify(shown)).not.toContain(bea.user.email);

    const accepted = await bea.request.post(`/api/invitations/${token}/accept`);
    expect(accepted.status()).toBe(200);
    expect(await accepted.json()).toEqual({ teamId: workspace.id, teamName: 'Growth Guild' });
    const seen = (await (await bea.request.get(`/api/teams/${workspace.id}`)).json()) as Workspace;
    expect(seen).toMatchObject({ role: 'member', memberCount: 2, ownerName: 'Olga Owner' });
  });

  test('another account cannot accept, and is told which address the invitation is for, masked', async ({
    playwright,
  }) => {
    const owner = await person(playwright);
    const workspace = await createWorkspace(owner);
    const { token } = await invite(owner, workspace.id, 'zoe.invited@example.org');
    for (const other of [await person(playwright), await siteAdmin(playwright)]) {
      const response = await other.request.post(`/api/invitations/${token}/accept`);
      expect(response.status()).toBe(403);
      expect(await response.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'This invitation was sent to z***@example.org. Sign in with that account to accept it.',
      });
      expect((await other.request.get(`/api/teams/${workspace.id}`)).status()).toBe(404);
    }
  });

  test('an accepted invitation is used up (410)', async ({ playwright }) => {
    const owner = await person(playwright);
    const workspace = await createWorkspace(owner);
    const bea = await person(playwright);
    const { token } = await invite(owner, workspace.id, bea.user.email, 'admin');
    expect((await bea.request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);
    expect((await (await bea.request.get(`/api/teams/${workspace.id}`)).json()).role).toBe('admin');
    const used = { statusCode: 410, code: 'GONE', message: 'This invitation has already been used.' };
    expect(await (await bea.request.post(`/api/invitations/${token}/accept`)).json()).toMatchObject(used);
    expect(await (await (await anonymous(playwright)).get(`/api/invitations/${token}`)).json()).toMatchObject(
      used,
    );
  });

  test("an expired invitation answers 410 with code 'expired' and never joins", async ({ playwright }) => {
    const owner = await person(playwright);
    const workspace = await createWorkspace(owner);
    const bea = await person(playwright);
    const created = await invite(owner, workspace.id, bea.user.email);
    await queryDatabase(
      `UPDATE teams.invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [created.id],
    );
    const expired = { statusCode: 410, code: 'expired', message: 'This invitation has expired.' };
    const lookup = await (await anonymous(playwright)).get(`/api/invitations/${created.token}`);
    expect(lookup.status()).toBe(410);
    expect(await lookup.json()).toMatchObject(expired);
    const accept = await bea.request.post(`/api/invitations/${created.token}/accept`);
    expect(await accept.json()).toMatchObject(expired);
    expect((await bea.request.get(`/api/teams/${workspace.id}`)).status()).toBe(404);
    const [listed] = (await (
      await owner.request.get(`/api/teams/${workspace.id}/invitations`)
    ).json()) as Invitation[];
    expect(listed?.state).toBe('expired');
  });

  test('a newer invitation to the same address replaces the older one (410)', async ({ playwright }) => {
    const owner = await person(playwright);
    const workspace = await createWorkspace(owner);
    const bea = await person(playwright);
    const first = await invite(owner, workspace.id, bea.user.email);
    const second = await invite(owner, workspace.id, bea.user.email);
    const response = await bea.request.post(`/api/invitations/${first.token}/accept`);
    expect(response.status()).toBe(410);
    expect(await response.json()).toMatchObject({
      code: 'GONE',
      message: 'This invitation is no longer valid.',
    });
    expect((await bea.request.post(`/api/invitations/${second.token}/accept`)).status()).toBe(200);
  });

  test('an unknown or malformed token is 404, the same for everyone', async ({ playwright }) => {
    const visitor = await anonymous(playwright);
    const ana = await person(playwright);
    const bodies = [];
    for (const token of ['A'.repeat(43), 'x', 'not a token', 'a.b.c']) {
      const lookup = await visitor.get(`/api/invitations/${token}`);
      expect(lookup.status(), token).toBe(404);
      bodies.push(await errorBody(lookup));
      const accept = await ana.request.post(`/api/invitations/${token}/accept`);
      expect(accept.status(), token).toBe(404);
      bodies.push(await errorBody(accept));
    }
    for (const body of bodies) {
      expect(body).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'Invitation not found',
        error: 'Invitation not found',
      });
    }
  });

  test('invitations are validated with the documented messages', async ({ playwright }) => {
    const owner = await person(playwright);
    const workspace = await createWorkspace(owner);
    const missing = await owner.request.post(`/api/teams/${workspace.id}/invitations`, { data: {} });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).message).toBe('Email is required');
    const bad = await owner.request.post(`/api/teams/${workspace.id}/invitations`, {
      data: { email: 'nope' },
    });
    expect((await bad.json()).message).toBe('Invalid email address');
    const dashboard = await owner.request.post(`/api/teams/${workspace.id}/invitations`, {
      data: { email: 'only@example.org' },
    });
    expect(dashboard.status()).toBe(201);
    expect((await dashboard.json()).role).toBe('member');
  });
});
