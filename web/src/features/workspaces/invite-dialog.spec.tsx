import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findModal, json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { InviteDialog } from './invite-dialog';
import { buildInvitationCreated, errorBody } from './workspaces.testing';

const onClose = vi.fn();
const writeText = vi.fn(async () => undefined);

function renderDialog() {
  renderWithApp(<InviteDialog workspace={{ id: 5, name: 'Acme Sales' }} open onClose={onClose} />);
  return findModal('Invite to Acme Sales');
}

function submitOf(modal: HTMLElement): HTMLButtonElement {
  const button = modal.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('no submit button');
  return button;
}

function toastDescription() {
  return document.querySelector('.ant-notification-notice-description')?.textContent;
}

beforeEach(() => {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onClose.mockReset();
  writeText.mockClear();
});

describe('InviteDialog: Direct Invite', () => {
  it('invites as Member by default and shares the {origin}/join/{token} link and the mail state', async () => {
    const bodies: unknown[] = [];
    stubServer({
      'POST /api/teams/5/invitations': async (request) => {
        bodies.push(await request.json());
        return json(201, buildInvitationCreated({ mailStatus: 'sent' }));
      },
    });
    const modal = await renderDialog();
    expect(within(modal).getByText('Member')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: ' ben@example.org ' } });
    fireEvent.click(submitOf(modal));
    expect(await within(modal).findByText('Share invitation')).toBeTruthy();
    expect(bodies).toEqual([{ teamId: 5, email: 'ben@example.org', role: 'member' }]);
    const link = within(modal).getByLabelText<HTMLInputElement>('Invitation link');
    expect(link.value).toBe(`${window.location.origin}/join/tok_abcdefghijklmnopqrstuvwxyz`);
    expect(within(modal).getByText('An invitation e-mail was sent to ben@example.org.')).toBeTruthy();
    expect(within(modal).getByText('Invitations expire in 7 days.')).toBeTruthy();
    fireEvent.click(within(modal).getByLabelText('Copy invitation link'));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link.value);
  });

  it('invites as Admin when chosen', async () => {
    const bodies: unknown[] = [];
    stubServer({
      'POST /api/teams/5/invitations': async (request) => {
        bodies.push(await request.json());
        return json(201, buildInvitationCreated({ role: 'admin' }));
      },
    });
    const modal = await renderDialog();
    fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: 'ben@example.org' } });
    fireEvent.mouseDown(within(modal).getByLabelText('Role'));
    fireEvent.click(await screen.findByTitle('Admin'));
    fireEvent.click(submitOf(modal));
    await within(modal).findByText('Share invitation');
    expect(bodies).toEqual([{ teamId: 5, email: 'ben@example.org', role: 'admin' }]);
  });

  it('looks the queued mail up again until it is sent', async () => {
    const created = buildInvitationCreated({ mailStatus: 'queued' });
    const { token: _token, joinUrl: _joinUrl, ...listed } = created;
    stubServer({
      'POST /api/teams/5/invitations': () => json(201, created),
      'GET /api/teams/5/invitations': () =>
        json(200, [{ ...listed, mailStatus: 'sent', mailSentAt: '2026-03-04T10:00:05Z' }]),
    });
    const modal = await renderDialog();
    fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: 'ben@example.org' } });
    fireEvent.click(submitOf(modal));
    expect(await within(modal).findByText('An invitation e-mail was sent to ben@example.org.')).toBeTruthy();
  });

  it('says to share the link when no e-mail can be sent', async () => {
    stubServer({
      'POST /api/teams/5/invitations': () => json(201, buildInvitationCreated({ mailStatus: 'disabled' })),
    });
    const modal = await renderDialog();
    fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: 'ben@example.org' } });
    fireEvent.click(submitOf(modal));
    expect(
      await within(modal).findByText('E-mail is not configured on this server: share the link yourself.'),
    ).toBeTruthy();
  });

  it("refuses a malformed address with 'Invalid email address' and sends nothing", async () => {
    const fetchMock = stubServer({});
    const modal = await renderDialog();
    fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: 'ben@' } });
    fireEvent.click(submitOf(modal));
    expect(await within(modal).findByText('Invalid email address')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: '' } });
    expect(await within(modal).findByText('Email is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([r]) => new URL(r.url).pathname.includes('invitations'))).toBe(false);
  });

  it("toasts 'Failed to create invitation' with the server's message, or the fallback", async () => {
    let answer = json(403, errorBody(403, 'Only the owner and admins can invite'));
    stubServer({ 'POST /api/teams/5/invitations': () => answer });
    const modal = await renderDialog();
    fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: 'ben@example.org' } });
    fireEvent.click(submitOf(modal));
    expect(await screen.findByText('Failed to create invitation')).toBeTruthy();
    await waitFor(() => expect(toastDescription()).toBe('Only the owner and admins can invite'));
    answer = new Response('', { status: 500 });
    fireEvent.click(submitOf(modal));
    await waitFor(() => expect(toastDescription()).toBe('Failed to create invitation'));
  });
});

describe('InviteDialog: Create Code', () => {
  it('shows the code with its copy button and the approval note, then Generate Code replaces it', async () => {
    let n = 0;
    stubServer({
      'POST /api/teams/5/invitation-code': () =>
        json(201, { invitationCode: ++n === 1 ? 'K7QM2XPA' : 'ZX9W8V7T', expiresAt: '2026-03-11T10:00:00Z' }),
    });
    const modal = await renderDialog();
    fireEvent.click(within(modal).getByText('Create Code'));
    fireEvent.click(await within(modal).findByText('Generate Invitation Code'));
    const code = await within(modal).findByLabelText<HTMLInputElement>('Invitation code');
    expect(code.value).toBe('K7QM2XPA');
    expect(
      within(modal).getByText(
        'Requests made with this code must be approved by the workspace owner. A new code replaces this one.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(modal).getByText('Generate Code'));
    await waitFor(() => expect(code.value).toBe('ZX9W8V7T'));
    fireEvent.click(within(modal).getByText('Done'));
    expect(onClose).toHaveBeenCalled();
  });

  it("toasts 'Failed to generate code' with the server's message, or the fallback", async () => {
    let answer = json(403, errorBody(403, 'Only the owner and admins can make codes'));
    stubServer({ 'POST /api/teams/5/invitation-code': () => answer });
    const modal = await renderDialog();
    fireEvent.click(within(modal).getByText('Create Code'));
    fireEvent.click(await within(modal).findByText('Generate Invitation Code'));
    expect(await screen.findByText('Failed to generate code')).toBeTruthy();
    await waitFor(() => expect(toastDescription()).toBe('Only the owner and admins can make codes'));
    answer = json(500, {});
    fireEvent.click(within(modal).getByText('Generate Invitation Code'));
    await waitFor(() => expect(toastDescription()).toBe('Failed to generate invitation code'));
  });
});
