import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { newUser, type TestUser } from '../support/users.js';

/**
 * The whole workspace flow (docs/workspaces.md) with three people, each in a browser context of
 * their own: the owner creates a workspace and invites Ben by e-mail; Ben (signed out) opens the
 * link from the mail that was really delivered, signs in and accepts; Carla asks to join with a
 * code; the owner approves her from 'Pending Join Requests'; the card's member count follows; Ben
 * leaves.
 */

// Each test walks a whole flow of several people (dozens of page loads), which on a loaded 2-core
// machine takes longer than the suite's default minute.
test.describe.configure({ timeout: 180_000 });

interface DeliveredMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The first mail the e2e inbox (maildev's REST API at WARMPATH_MAIL_URL) received for `address`. */
async function mailTo(request: APIRequestContext, address: string): Promise<DeliveredMail> {
  const inbox = process.env.WARMPATH_MAIL_URL;
  if (!inbox) throw new Error('WARMPATH_MAIL_URL is not set: the e2e global setup starts the inbox');
  let found: DeliveredMail | undefined;
  // The mail leaves through the outbox queue after the invitation answers: wait for it.
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`${inbox}/api/email`)).json()) as DeliveredMail[];
        found = mails.find((mail) =>
          mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
        );
        return Boolean(found);
      },
      { message: `a mail to ${address}`, timeout: 30_000 },
    )
    .toBe(true);
  return found as DeliveredMail;
}

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A new person in a browser context of their own, registered (and so signed in). */
async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const response = await page.request.post('/api/register', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(response.status()).toBe(201);
  return page;
}

async function signIn(page: Page, user: TestUser) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** A workspace card on /workspaces, by the workspace's name. */
function card(page: Page, name: string) {
  return page.locator(`.ant-card[aria-label="${name}"]`);
}

test('create, invite by e-mail, accept from the mail, join by code after approval, leave', async ({
  browser,
}) => {
  // Three people, a dozen page loads, each workspace page now reading its pooled network too: on a
  // shared two-core machine the whole flow outgrew the default 60 s.
  test.slow();
  const id = Math.random().toString(36).slice(2, 8);
  const workspaceName = `Acme Sales ${id}`;
  const owner = newUser({ firstName: 'Maya', lastName: 'Chen' });
  const ben = newUser({ firstName: 'Ben', lastName: 'Ode' });
  const carla = newUser({ firstName: 'Carla', lastName: 'Ruiz' });
  const ownerPage = await signedInPage(browser, owner);

  // The owner creates the workspace.
  await ownerPage.goto('/workspaces');
  await expect(ownerPage.getByText('No workspaces yet')).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Create Workspace' }).click();
  const create = ownerPage.getByRole('dialog', { name: 'Create Workspace' });
  await expect(create.getByRole('button', { name: 'Create Workspace' })).toBeDisabled();
  await create.getByLabel('Workspace Name').fill(workspaceName);
  await create.getByLabel('Description (optional)').fill('Our pooled network');
  await create.getByRole('button', { name: 'Create Workspace' }).click();
  const ownerCard = card(ownerPage, workspaceName);
  await expect(ownerCard.getByText('Owner')).toBeVisible();
  await expect(ownerCard.getByLabel('Members')).toHaveText('1');

  // ...and invites Ben by e-mail.
  await ownerCard.getByRole('button', { name: 'Invite' }).click();
  const invite = ownerPage.getByRole('dialog', { name: `Invite to ${workspaceName}` });
  await invite.getByLabel('Email').fill(ben.email);
  await invite.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(invite.getByText('Share invitation')).toBeVisible();
  await expect(invite.getByText('Invitations expire in 7 days.')).toBeVisible();
  const shownLink = await invite.getByLabel('Invitation link', { exact: true }).inputValue();
  await invite.getByRole('button', { name: 'Done' }).click();

  // Ben gets the mail and opens its link while signed out: sign in first, then back to the invitation.
  const mail = await mailTo(ownerPage.request, ben.email);
  expect(mail.subject).toContain(workspaceName);
  const mailedLink = /https?:\/\/\S+\/join\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(mailedLink, 'the mail carries a /join link').toBeTruthy();
  expect(new URL(mailedLink as string).pathname).toBe(new URL(shownLink).pathname);
  const benPage = await signedInPage(browser, ben);
  await benPage.request.post('/api/logout');
  await benPage.goto(new URL(mailedLink as string).pathname);
  await expect(benPage).toHaveURL(/\/auth\?returnUrl=%2Fjoin%2F/);
  await signIn(benPage, ben);
  await expect(
    benPage.getByText(`You have been invited to join ${workspaceName} by Maya Chen.`),
  ).toBeVisible();
  await benPage.getByRole('button', { name: 'Accept & Join Workspace' }).click();
  await expect(benPage).toHaveURL(/\/workspaces\/\d+$/);
  const workspacePath = new URL(benPage.url()).pathname;
  await expect(benPage.getByRole('heading', { name: `${workspaceName} Network` })).toBeVisible();
  const benMembers = benPage.getByRole('list', { name: 'Members' });
  await expect(benMembers.getByRole('listitem', { name: 'Maya Chen' })).toContainText('Owner');
  await expect(benMembers.getByRole('listitem', { name: 'Ben Ode' })).toContainText('Member');

  // The owner sees Ben too; the used link no longer works.
  await ownerPage.goto(workspacePath);
  await expect(
    ownerPage.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Ben Ode' }),
  ).toBeVisible();
  await benPage.goto(new URL(mailedLink as string).pathname);
  await expect(benPage.getByText('Invalid Invitation')).toBeVisible();

  // The owner makes a code; Carla asks to join with it.
  await ownerPage.getByRole('button', { name: 'Invite' }).click();
  const codeDialog = ownerPage.getByRole('dialog', { name: `Invite to ${workspaceName}` });
  await codeDialog.getByRole('tab', { name: 'Create Code' }).click();
  await codeDialog.getByRole('button', { name: 'Generate Invitation Code' }).click();
  const code = await codeDialog.getByLabel('Invitation code', { exact: true }).inputValue();
  expect(code).toMatch(/^[A-Z0-9]{8,}$/);
  await codeDialog.getByRole('button', { name: 'Done' }).click();

  const carlaPage = await signedInPage(browser, carla);
  await carlaPage.goto('/join');
  await carlaPage.getByLabel('Invitation code', { exact: true }).fill(` ${code.toLowerCase()} `);
  await carlaPage.getByRole('button', { name: 'Request Access' }).click();
  await expect(carlaPage.getByRole('listitem', { name: `Join request for ${workspaceName}` })).toContainText(
    'Pending approval',
  );

  // The owner approves her from the pending dialog; the card counts three members.
  await ownerPage.reload();
  const pendingButton = ownerPage.getByRole('button', { name: /Pending Requests/ });
  await expect(ownerPage.locator('.ant-badge-count')).toHaveAttribute('title', '1');
  await pendingButton.click();
  const pending = ownerPage.getByRole('dialog', { name: 'Pending Join Requests' });
  const request = pending.getByRole('listitem', { name: 'Carla Ruiz' });
  await expect(request).toContainText(carla.email);
  await expect(request).toContainText(`Code: ${code}`);
  await request.getByRole('button', { name: 'Approve Carla Ruiz' }).click();
  await expect(pending.getByText('No pending requests')).toBeVisible();
  await ownerPage.keyboard.press('Escape');
  await ownerPage.goto('/workspaces');
  await expect(card(ownerPage, workspaceName).getByLabel('Members')).toHaveText('3');
  await carlaPage.reload();
  await expect(carlaPage.getByRole('listitem', { name: `Join request for ${workspaceName}` })).toContainText(
    'Approved',
  );

  // Ben leaves; the owner's card counts two.
  await benPage.goto(workspacePath);
  await benPage.getByRole('button', { name: 'Leave Workspace' }).click();
  await benPage.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(benPage).toHaveURL(/\/workspaces$/);
  await expect(benPage.getByText('No workspaces yet')).toBeVisible();
  await ownerPage.reload();
  await expect(card(ownerPage, workspaceName).getByLabel('Members')).toHaveText('2');
});

test("the dashboard's Invite Collaborator shares a new workspace; only the invited account may accept it", async ({
  browser,
}) => {
  const owner = newUser({ firstName: 'Maya', lastName: 'Chen' });
  const invitee = newUser({ firstName: 'Ben', lastName: 'Ode' });
  const stranger = newUser({ firstName: 'Eve', lastName: 'Stone' });
  const ownerPage = await signedInPage(browser, owner);

  await ownerPage.goto('/');
  await ownerPage.getByRole('button', { name: 'Invite Collaborator' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Invite Collaborator' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(ownerPage.getByText('Email required')).toBeVisible();
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(ownerPage.getByText(`An invitation has been sent to ${invitee.email}.`)).toBeVisible();
  const link = new URL(await dialog.getByLabel('Invitation link', { exact: true }).inputValue());
  await dialog.getByRole('button', { name: 'Done' }).click();

  const mail = await mailTo(ownerPage.request, invitee.email);
  expect(mail.text).toContain(link.pathname);
  await ownerPage.goto('/workspaces');
  const sharedCard = card(ownerPage, `Shared Workspace with ${invitee.email}`);
  await expect(sharedCard.getByText(`Collaborative network with ${invitee.email}`)).toBeVisible();
  await sharedCard.getByRole('button', { name: 'View Network' }).click();
  const workspacePath = new URL(ownerPage.url()).pathname;

  // Someone else opening the link cannot use it, and cannot see the workspace either.
  const strangerPage = await signedInPage(browser, stranger);
  await strangerPage.goto(link.pathname);
  await strangerPage.getByRole('button', { name: 'Accept & Join Workspace' }).click();
  await expect(strangerPage.getByText('Failed to join workspace')).toBeVisible();
  await expect(strangerPage).toHaveURL(link.pathname);
  await strangerPage.goto(workspacePath);
  await expect(strangerPage.getByText('Workspace Not Found')).toBeVisible();
  await strangerPage.getByRole('link', { name: 'Back to Workspaces' }).click();
  await expect(strangerPage.getByText('No workspaces yet')).toBeVisible();

  // The invited account still can.
  const inviteePage = await signedInPage(browser, invitee);
  await inviteePage.goto(link.pathname);
  await inviteePage.getByRole('button', { name: 'Accept & Join Workspace' }).click();
  await expect(inviteePage).toHaveURL(workspacePath);
  await expect(
    inviteePage.getByRole('heading', { name: `Shared Workspace with ${invitee.email} Network` }),
  ).toBeVisible();
});
