import type { Toast } from '../../lib/toast/use-toast';

/**
 * The two import dialogs keep their own texts (product-spec §5 and §8): 'Import LinkedIn
 * Connections' (the OAuth/CSV dialog) and 'Import LinkedIn Data' (CSV only).
 */
export type ImportDialogKind = 'connections' | 'data';

export interface ImportCounts {
  connections: number;
  relationships: number;
}

export interface ImportMessages {
  /** The upload route whose server-side checks answer with this dialog's texts. */
  url: string;
  invalidFile: Toast;
  noFile: Toast;
  success: (counts: ImportCounts) => Toast;
  failed: (serverMessage: string | null) => Toast;
  networkError: Toast;
  preparationFailed: (message: string) => Toast;
}

const withoutFinalStop = (text: string) => text.trim().replace(/\.+$/, '');

/** 'Imported {n} connections and {m} relationships.' (product-spec §8). */
export const importedSummary = ({ connections, relationships }: ImportCounts) =>
  `Imported ${connections} connections and ${relationships} relationships.`;

const NETWORK_ERROR: Toast = {
  title: 'Network error',
  description: 'Connection error while uploading. Please check your internet connection and try again.',
  variant: 'destructive',
};

const preparationFailed = (message: string): Toast => ({
  title: 'Upload preparation failed',
  description: `${message} Please check your file and try again.`,
  variant: 'destructive',
});

export const IMPORT_MESSAGES: Record<ImportDialogKind, ImportMessages> = {
  connections: {
    url: '/api/network/import/authenticated',
    invalidFile: {
      title: 'Invalid file format',
      description: 'Please upload a CSV file exported from LinkedIn.',
      variant: 'destructive',
    },
    noFile: {
      title: 'No file selected',
      description: 'Please select a CSV file to upload.',
      variant: 'destructive',
    },
    success: () => ({
      title: 'Import successful',
      description: 'Your LinkedIn connections have been imported.',
      variant: 'success',
    }),
    failed: (message) => ({
      title: 'Import failed',
      description: `Error: ${message ? withoutFinalStop(message) : 'Unknown error'}. Please check your CSV file format and try again.`,
      variant: 'destructive',
    }),
    networkError: NETWORK_ERROR,
    preparationFailed,
  },
  data: {
    url: '/api/linkedin/import-csv',
    invalidFile: { title: 'Invalid File', description: 'Please upload a CSV file.', variant: 'destructive' },
    noFile: {
      title: 'No File Selected',
      description: 'Please select a file to import.',
      variant: 'destructive',
    },
    success: (counts) => ({
      title: 'Import Successful',
      description: importedSummary(counts),
      variant: 'success',
    }),
    failed: () => ({
      title: 'Import Failed',
      description: 'An error occurred while importing your data.',
      variant: 'destructive',
    }),
    networkError: NETWORK_ERROR,
    preparationFailed,
  },
};
