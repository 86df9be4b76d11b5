import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findModal, json, renderWithApp, stubServer, type Handler } from '../../lib/testing/app.testing';
import { InviteCollaboratorButton } from './invite-collaborator-button';
import { buildInvitationCreated, buildWorkspace, errorBody } from './workspaces.testing';

async function openDialog(routes: Record<string, Handler>) {
  const fetchMock = stubServer(routes);
  renderWithApp(<InviteCollaboratorButton />);
  fireEvent.click(await screen.findByText('Invite Collaborator'));
  const modal = await findModal('Invite Collaborator');
  return { fetchMock, modal };
}

function send(modal: HTMLElement, email: string) {
  fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(within(modal).getByText('Send Invitation'));
}

function posts(fetchMock: ReturnType<typeof stubServer>) {
  return fetchMock.mock.calls.filter(([r]) => r.method === 'POST').map(([r]) => new URL(r.url).pathname);
}

function toast() {
  return {
    title: document.querySelector('.ant-notification-notice-title')?.textContent,
    description: document.querySelector('.ant-notification-notice-description')?.textContent,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Invite Collaborator', () => {
  it("toasts 'Email required' on an empty submit and creates nothing", async () => {
    const { fetchMock, modal } = await openDialog({});
    send(modal, '  ');
    await waitFor(() =>
      expect(toast()).toEqual({
        title: 'Email required',
        description: 'Please enter an email address to send the invitation.',
      }),
    );
    expect(posts(fetchMock)).toEqual([]);
  });

  it("refuses a malformed address with 'Invalid email address' before creating a workspace", async () => {
    const { fetchMock, modal } = await openDialog({});
    send(modal, 'ben@');
    expect(await within(modal).findByText('Invalid email address')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
  });

  it("creates 'Shared Workspace with {email}', invites {email}, toasts 'Invitation sent' and shows the link", async () => {
    const bodies: unknown[] = [];
    const { modal } = await openDialog({
      'POST /api/teams': async (request) => {
        bodies.push(await request.json());
        return json(201, buildWorkspace({ id: 12 }));
      },
      'POST /api/teams/12/invitations': async (request) => {
        bodies.push(await request.json());
        return json(201, buildInvitationCreated({ teamId: 12 }));
      },
    });
    send(modal, 'ben@example.org');
    await waitFor(() =>
      expect(toast()).toEqual({
        title: 'Invitation sent',
        description: 'An invitation has been sent to ben@example.org.',
      }),
    );
    expect(bodies).toEqual([
      {
        name: 'Shared Workspace with ben@example.org',
        description: 'Collaborative network with ben@example.org',
      },
      { teamId: 12, email: 'ben@example.org', role: 'member' },
    ]);
    const link = within(modal).getByLabelText<HTMLInputElement>('Invitation link');
    expect(link.value).toBe(`${window.location.origin}/join/tok_abcdefghijklmnopqrstuvwxyz`);
    fireEvent.click(within(modal).getByText('Done'));
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
  });

  it("toasts 'Failed to create team' and sends no invitation when the workspace cannot be created", async () => {
    const { fetchMock, modal } = await openDialog({
      'POST /api/teams': () => json(500, errorBody(500, 'Internal error')),
    });
    send(modal, 'ben@example.org');
    await waitFor(() =>
      expect(toast()).toEqual({
        title: 'Failed to create team',
        description: 'There was an error creating the team. Please try again.',
      }),
    );
    expect(document.querySelector('.ant-notification-notice-error')).toBeTruthy();
    expect(posts(fetchMock)).toEqual(['/api/teams']);
  });

  it("toasts 'Failed to send invitation' when the invitation fails", async () => {
    const { modal } = await openDialog({
      'POST /api/teams': () => json(201, buildWorkspace({ id: 12 })),
      'POST /api/teams/12/invitations': () => json(503, errorBody(503, 'Service unavailable')),
    });
    send(modal, 'ben@example.org');
    await waitFor(() =>
      expect(toast()).toEqual({
        title: 'Failed to send invitation',
        description: 'There was an error sending the invitation. Please try again.',
      }),
    );
  });
});
