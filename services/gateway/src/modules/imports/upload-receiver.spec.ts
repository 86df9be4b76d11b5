import { describe, expect, it } from '@jest/globals';
import { isCsvUpload } from './upload-receiver.js';

describe('isCsvUpload (product-spec §5)', () => {
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
