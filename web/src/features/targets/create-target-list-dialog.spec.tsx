import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TargetList } from '@warmpath/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findModal, json, renderWithApp, stubServer, type Handler } from '../../lib/testing/app.testing';
import { CreateTargetListDialog } from './create-target-list-dialog';
import { buildTargetList } from './targets.testing';

const SURE_CSV = 'Company,Domain\nAcme Inc.,acme.com\nGlobex,\nacme inc,\n';
// "Parent company / group" is a loose name: the mapping is unsure.
const UNSURE_CSV = 'Parent company / group,Notes\nAcme,hot\nGlobex,cold\n';
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);

function renderDialog(routes: Record<string, Handler> = {}) {
  const onCreated = vi.fn<(list: TargetList) => void>();
  const fetchMock = stubServer({
    'POST /api/teams/5/target-lists': () => json(201, buildTargetList()),
    ...routes,
  });
  renderWithApp(
    <CreateTargetListDialog scope={{ teamId: 5 }} onClose={() => undefined} onCreated={onCreated} />,
  );
  return { fetchMock, onCreated };
}

async function pickFile(content: BlobPart, name: string) {
  const dialog = await findModal('New target list');
  const input = within(dialog).getByLabelText('Target file');
  fireEvent.change(input, { target: { files: [new File([content], name)] } });
  return dialog;
}

const createButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Create list' });

async function postedForm(fetchMock: ReturnType<typeof stubServer>): Promise<FormData> {
  const call = fetchMock.mock.calls.find(([request]) => request.method === 'POST');
  if (!call) throw new Error('nothing posted');
  return call[0].formData();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CreateTargetListDialog', () => {
  it('previews a file read in the browser, with skipped rows, and uploads it without a mapping', async () => {
    const { fetchMock, onCreated } = renderDialog();
    const dialog = await pickFile(SURE_CSV, 'accounts.csv');
    expect(await within(dialog).findByText('2 targets, 1 skipped')).toBeTruthy();
    expect(within(dialog).getByText(/Line 4:/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Column mapping')).toBeNull();
    expect((within(dialog).getByLabelText('List name') as HTMLInputElement).value).toBe('accounts');
    fireEvent.click(createButton(dialog));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const form = await postedForm(fetchMock);
    expect(form.get('name')).toBe('accounts');
    expect(form.get('mapping')).toBeNull();
    expect(form.get('file')).toBeTruthy();
  });

  it('shows the mapping step with its doubts only when unsure, and sends the chosen mapping', async () => {
    const { fetchMock, onCreated } = renderDialog();
    const dialog = await pickFile(UNSURE_CSV, 'groups.csv');
    const step = await within(dialog).findByLabelText('Column mapping');
    expect(within(step).getByText('We were not sure about these columns')).toBeTruthy();
    expect(within(step).getByLabelText('Column Parent company / group')).toBeTruthy();
    expect(within(step).getByLabelText('Column Notes')).toBeTruthy();
    expect(await within(dialog).findByText('2 targets')).toBeTruthy();
    // Notes read as the domain: the chosen mapping goes with the upload.
    fireEvent.mouseDown(within(step).getByLabelText('Column Notes'));
    const options = await screen.findAllByTitle('Domain');
    fireEvent.click(options[options.length - 1]!);
    fireEvent.click(createButton(dialog));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const mapping = JSON.parse(String((await postedForm(fetchMock)).get('mapping'))) as {
      columns: Record<string, number>;
    };
    expect(mapping.columns).toEqual({ company: 0, domain: 1 });
  }, 30_000);

  it('shows a file the browser refuses as it is, and creates nothing', async () => {
    const { fetchMock } = renderDialog();
    const dialog = await pickFile(PDF, 'deck.pdf');
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This file is a PDF document, not a CSV or Excel (.xlsx) file.',
    );
    expect(createButton(dialog).hasAttribute('disabled')).toBe(true);
    expect(fetchMock.mock.calls.some(([request]) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal as it is", async () => {
    const message = 'The file is 6.0 MB; a target list file may be at most 5.0 MB.';
    const { onCreated } = renderDialog({
      'POST /api/teams/5/target-lists': () => json(413, { message }),
    });
    const dialog = await pickFile(SURE_CSV, 'accounts.csv');
    await within(dialog).findByText('2 targets, 1 skipped');
    fireEvent.click(createButton(dialog));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('creates a list from pasted lines as JSON', async () => {
    const { fetchMock, onCreated } = renderDialog();
    const dialog = await findModal('New target list');
    fireEvent.change(within(dialog).getByLabelText('List name'), { target: { value: 'Pasted' } });
    fireEvent.click(within(dialog).getByText('Paste'));
    fireEvent.change(await within(dialog).findByLabelText('Pasted targets'), {
      target: { value: 'Acme\nglobex.com\n' },
    });
    expect(await within(dialog).findByText('2 targets')).toBeTruthy();
    fireEvent.click(createButton(dialog));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([request]) => request.method === 'POST');
    expect(await call?.[0].json()).toEqual({ name: 'Pasted', text: 'Acme\nglobex.com\n' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
