import { describe, expect, it } from '@jest/globals';
import { isCsvUpload, isZipUpload } from './upload-receiver.js';

describe('isCsvUpload (docs/product.md#uploads)', () => {
  it('accepts the text/csv type whatever the name', () => {
    expect(isCsvUpload('text/csv', 'export.txt')).toBe(true);
    expect(isCsvUpload('Text/CSV; charset=utf-8', 'export')).toBe(true);
  });

  it('accepts a name ending .csv whatever the type (Windows browsers send application/vnd.ms-excel)', () => {
    expect(isCsvUpload('application/vnd.ms-excel', 'Connections.csv')).toBe(true);
    expect(isCsvUpload('application/octet-stream', 'CONNECTIONS.CSV ')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(
      isCsvUpload('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Connections.xlsx'),
    ).toBe(false);
    expect(isCsvUpload('text/plain', 'connections.csv.txt')).toBe(false);
  });
});

describe('isZipUpload (LinkedIn sends its export as a ZIP archive)', () => {
  it('accepts the ZIP types and a name ending .zip', () => {
    expect(isZipUpload('application/zip', 'export')).toBe(true);
    expect(isZipUpload('application/x-zip-compressed', 'Basic_LinkedInDataExport_11-24-2026.zip')).toBe(true);
    expect(isZipUpload('application/octet-stream', 'Export.ZIP')).toBe(true);
  });

  it('refuses a workbook and other archives', () => {
    expect(
      isZipUpload('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Connections.xlsx'),
    ).toBe(false);
    expect(isZipUpload('application/gzip', 'export.tar.gz')).toBe(false);
  });
});
