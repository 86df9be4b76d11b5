import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ImportStatus } from '@warmpath/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { buildTestLink, buildTestNetwork } from '../../lib/testing/connections.testing';
import { ImportConnectionsDialog } from './import-connections-dialog';
import { ImportDataDialog } from './import-data-dialog';
import { UploadNetworkError, UploadRefusedError, uploadImportFile } from './upload-file';

vi.mock('./upload-file', async (original) => ({
  ...(await original<typeof import('./upload-file')>()),
  uploadImportFile: vi.fn(),
}));

const upload = vi.mocked(uploadImportFile);
const csv = new File(['First Name,Last Name\nAna,Silva\n'], 'Connections.csv', { type: 'text/csv' });
const pdf = new File(['%PDF'], 'resume.pdf', { type: 'application/pdf' });
const network = buildTestNetwork([{ firstName: 'Ana' }, { firstName: 'Ben' }]);
network.relationships.push(buildTestLink({ id: '7', sourceId: '1', targetId: '2', type: 'company-role' }));

const status = (overrides: Partial<ImportStatus>): ImportStatus => ({
  id: '6f1c1d9e-4a8f-4b7a-9a55-0d2f3c1b2a11',
  state: 'completed',
  fileName: 'Connections.csv',
  sizeBytes: 40,
  rowsRead: 3,
  imported: 2,
  updated: 0,
  unchanged: 0,
  jobChanges: 0,
  absent: 0,
  skipped: 1,
  relationships: 1,
  skippedRows: [{ line: 6, reason: 'The row has no name' }],
  warningCounts: { 'invalid-email': 0, 'extra-empty-fields': 0 },
  warnings: [],
  error: null,
  attempt: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:01.000Z',
  completedAt: '2025-01-01T00:00:01.000Z',
  ...overrides,
});

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

beforeEach(() => {
  upload.mockReset();
  stubServer({ 'GET /api/network': () => json(200, network) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'Import LinkedIn Connections' (OAuth/CSV dialog)", () => {
  const open = () => renderWithApp(<ImportConnectionsDialog open onClose={() => undefined} />);

  it("says 'No file selected' when Import is pressed without a file", async () => {
    open();
    fireEvent.click(buttonByText('Import'));
    expect(await screen.findByText('No file selected')).toBeTruthy();
    expect(screen.getByText('Please select a CSV file to upload.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it("refuses a file that is not CSV with 'Invalid file format'", async () => {
    open();
    choose(pdf);
    fireEvent.click(buttonByText('Import'));
    expect(await screen.findByText('Invalid file format')).toBeTruthy();
    expect(screen.getByText('Please upload a CSV file exported from LinkedIn.')).toBeTruthy();
  });

  it('accepts .csv files and ZIP archives in the picker', () => {
    open();
    expect(screen.getByLabelText('CSV file').getAttribute('accept')).toBe(
      '.csv,text/csv,.zip,application/zip',
    );
  });

  it("uploads LinkedIn's ZIP archive as it is", async () => {
    upload.mockRejectedValue(new UploadRefusedError(400, 'This ZIP archive has no Connections.csv.'));
    open();
    choose(new File(['PK'], 'Basic_LinkedInDataExport.zip', { type: 'application/zip' }));
    fireEvent.click(buttonByText('Import'));
    expect(await screen.findByText('This ZIP archive has no Connections.csv.')).toBeTruthy();
    expect(upload).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ name: 'Basic_LinkedInDataExport.zip' }),
      expect.any(Function),
    );
  });

  it('shows upload progress, then the server refusal in the spec words', async () => {
    let report: (percent: number) => void = () => undefined;
    let refuse: (error: Error) => void = () => undefined;
    upload.mockImplementation((_url, _file, onProgress) => {
      report = onProgress;
      return new Promise((_resolve, reject) => (refuse = reject));
    });
    open();
    choose(csv);
    fireEvent.click(buttonByText('Import'));
    await waitFor(() =>
      expect(upload).toHaveBeenCalledWith('/api/network/import/authenticated', csv, expect.any(Function)),
    );
    report(42);
    expect(await screen.findByText('Uploading… 42%')).toBeTruthy();
    refuse(new UploadRefusedError(400, 'The file is empty.'));
    expect(await screen.findByText('Import failed')).toBeTruthy();
    expect(
      screen.getByText('Error: The file is empty. Please check your CSV file format and try again.'),
    ).toBeTruthy();
  });

  it("says 'Network error' when the upload never gets an answer", async () => {
    upload.mockRejectedValue(new UploadNetworkError('Connection error while uploading'));
    open();
    choose(csv);
    fireEvent.click(buttonByText('Import'));
    expect(await screen.findByText('Network error')).toBeTruthy();
    expect(
      screen.getByText(
        'Connection error while uploading. Please check your internet connection and try again.',
      ),
    ).toBeTruthy();
  });

  it("says 'Upload preparation failed' when the file cannot be sent", async () => {
    upload.mockRejectedValue(new Error('The file could not be read.'));
    open();
    choose(csv);
    fireEvent.click(buttonByText('Import'));
    expect(await screen.findByText('Upload preparation failed')).toBeTruthy();
    expect(
      screen.getByText('The file could not be read. Please check your file and try again.'),
    ).toBeTruthy();
  });
});

describe("'Import LinkedIn Data' (CSV dialog)", () => {
  const open = () => renderWithApp(<ImportDataDialog open onClose={() => undefined} />);
  /** Uploads the CSV through the dialog; the server then answers the import as `finished`. */
  const importUntil = (finished: ImportStatus) => {
    stubServer({
      'GET /api/network': () => json(200, network),
      [`GET /api/imports/${finished.id}`]: () => json(200, finished),
    });
    upload.mockResolvedValue({
      kind: 'accepted',
      accepted: { ...finished, state: 'queued', joined: false, statusUrl: '', eventsUrl: '' },
    });
    open();
    choose(csv);
    fireEvent.click(buttonByText('Import'));
  };

  it("says 'No File Selected' without a file and 'Invalid File' for another type", async () => {
    open();
    fireEvent.click(buttonByText('Import'));
    expect(await screen.findByText('No File Selected')).toBeTruthy();
    expect(screen.getByText('Please select a file to import.')).toBeTruthy();
    choose(pdf);
    fireEvent.click(buttonByText('Import'));
    expect(await screen.findByText('Invalid File')).toBeTruthy();
    expect(screen.getByText('Please upload a CSV file.')).toBeTruthy();
  });

  it('follows the import to the end, refreshes the network and lists skipped rows', async () => {
    const done = status({});
    importUntil(done);
    expect(upload).toHaveBeenCalledWith('/api/linkedin/import-csv', csv, expect.any(Function));
    expect(await screen.findByText('Import Successful', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getAllByText('Imported 2 connections and 3 relationships.')).toHaveLength(2);
    expect(screen.getByText('Rows read: 3 • New: 2 • Updated: 0 • Unchanged: 0 • Skipped: 1')).toBeTruthy();
    fireEvent.click(screen.getByText('Skipped rows (1)'));
    expect(await screen.findByText('Line 6: The row has no name')).toBeTruthy();
  });

  it('says which values were left out, lists them with the skipped rows and offers the list as CSV', async () => {
    const done = status({
      warningCounts: { 'invalid-email': 2, 'extra-empty-fields': 0 },
      warnings: [
        {
          line: 7,
          kind: 'invalid-email',
          message: 'The value in the e-mail column is not an e-mail address and was left out',
        },
        {
          line: 8,
          kind: 'invalid-email',
          message: 'The value in the e-mail column is not an e-mail address and was left out',
        },
      ],
    });
    importUntil(done);
    expect(await screen.findByText('Import Successful', undefined, { timeout: 3000 })).toBeTruthy();
    expect(
      screen.getByText('Rows read: 3 • New: 2 • Updated: 0 • Unchanged: 0 • Skipped: 1 • Warnings: 2'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        '2 people were imported without their e-mail values, which were not e-mail addresses.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Skipped rows (1) • Warnings (2)'));
    expect(
      await screen.findByText(
        'Line 7: E-mail left out. The value in the e-mail column is not an e-mail address and was left out',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Line 6: The row has no name')).toBeTruthy();
    expect(buttonByText('Download the list (CSV)')).toBeTruthy();
  });

  it('after a re-import, says what changed since the last export and links to the changes', async () => {
    const done = status({
      imported: 12,
      updated: 3,
      unchanged: 40,
      jobChanges: 3,
      absent: 1,
      skipped: 0,
      skippedRows: [],
    });
    importUntil(done);
    expect(
      await screen.findByText('12 new connections, 3 job changes, 1 no longer in your export', undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();
    expect(screen.getByText('See what changed').getAttribute('href')).toBe(`/imports?import=${done.id}`);
  });

  it("says 'Import Failed' when the import ends in failure", async () => {
    const failed = status({
      state: 'failed',
      error: { code: 'NO_HEADER', message: 'No header row was found.' },
    });
    importUntil(failed);
    expect(await screen.findByText('Import Failed')).toBeTruthy();
    expect(screen.getByText('An error occurred while importing your data.')).toBeTruthy();
    expect(screen.getByText('No header row was found.')).toBeTruthy();
  });
});
