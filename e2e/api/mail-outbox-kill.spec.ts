import { expect, test } from '@playwright/test';
import type { Invitation } from '@warmpath/contracts';
import { startService, stopService, waitForHealth } from '../support/stack-control.js';
import { createWorkspace, invite, joinLinkIn, mailsTo, person } from './teams.testing.js';

// Runs alone, no other spec beside it (docs/developer-guide.md#the-loop): it kills and restarts the
// teams service of the shared stack.
test.describe.configure({ lock: '-exclusive-' });

// The mail outbox's guarantee (docs/intros.md, "The mail outbox"): the teams service is killed
// right after the SMTP server accepted an invitation mail and before it recorded it; started
// again, it finds the attempt recorded but unconfirmed, asks the inbox for that Message-ID, and
// records it as sent: the invitee has exactly one mail, with the link shown at creation.

const teamsUp = (up: boolean) =>
  waitForHealth((_status, body) => body.missing.includes('teams') !== up, 60_000).then(({ body }) =>
    expect(body.missing.includes('teams')).toBe(!up),
  );

test.afterAll(async () => {
  await stopService('teams');
  await startService('teams');
  await teamsUp(true);
});

test('a sender killed between the send and its record sends the mail exactly once', async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  await stopService('teams');
  await startService('teams', { MAIL_FAULT_EXIT_AFTER_SEND: '1' });
  await teamsUp(true);

  const owner = await person(playwright, { firstName: 'Kim', lastName: 'Killed' });
  const workspace = await createWorkspace(owner, 'Crash Guild');
  const bea = await person(playwright);
  const created = await invite(owner, workspace.id, bea.user.email);
  // The mail is delivered, then the service exits before writing 'sent'.
  await expect.poll(async () => (await mailsTo(bea.user.email)).length, { timeout: 30_000 }).toBe(1);
  await teamsUp(false);

  await startService('teams', { MAIL_UNCONFIRMED_AFTER_MS: '1000', MAIL_SWEEP_INTERVAL_MS: '500' });
  await teamsUp(true);
  const status = async () =>
    ((await (await owner.request.get(`/api/teams/${workspace.id}/invitations`)).json()) as Invitation[]).find(
      (i) => i.id === created.id,
    );
  await expect.poll(async () => (await status())?.mailStatus, { timeout: 60_000 }).toBe('sent');
  expect((await status())?.mailError).toBeNull();
  const mails = await mailsTo(bea.user.email);
  expect(mails).toHaveLength(1);
  expect(joinLinkIn(mails[0]!)).toBe(created.joinUrl);
});
