import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { refreshNetwork } from '../network';
import { useAppDispatch } from '../../lib/store/use-app-dispatch';
import { useToast } from '../../lib/toast/use-toast';
import { IMPORT_MESSAGES, type ImportCounts, type ImportDialogKind } from './import-messages';
import { importsApi, useGetImportQuery } from './imports.api';
import { isImportFile, UploadNetworkError, UploadRefusedError, uploadImportFile } from './upload-file';

/** product-spec §9: the view refreshes 500 ms after an import. */
export const IMPORT_REFRESH_DELAY_MS = 500;

export type ImportProgress =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing'; importId: string }
  | { phase: 'refreshing'; importId: string | null }
  | { phase: 'done'; importId: string | null; counts: ImportCounts | null }
  | { phase: 'failed'; importId: string | null; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One dialog's import (product-spec §4 "Import dialogs"): checks the file, uploads it with
 * progress, follows the processing through the import's event stream, then refreshes the network
 * and says how many people and links it now holds. The toasts are the dialog's own (§8).
 */
export function useCsvImport(kind: ImportDialogKind) {
  const messages = IMPORT_MESSAGES[kind];
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<ImportProgress>({ phase: 'idle' });
  const importId = 'importId' in progress ? progress.importId : null;
  const { data: status } = useGetImportQuery(importId ?? skipToken);
  const handled = useRef<string | null>(null);

  const finish = useCallback(
    async (id: string | null) => {
      setProgress({ phase: 'refreshing', importId: id });
      await wait(IMPORT_REFRESH_DELAY_MS);
      const counts = await refreshNetwork(dispatch).catch(() => null);
      // The import history and the "changed since last import" filter follow the new import.
      dispatch(
        importsApi.util.invalidateTags([
          { type: 'Import', id: 'LIST' },
          { type: 'Import', id: 'ABSENT' },
        ]),
      );
      setProgress({ phase: 'done', importId: id, counts });
      toast(messages.success(counts ?? { connections: 0, relationships: 0 }));
    },
    [dispatch, messages, toast],
  );

  const fail = useCallback(
    (id: string | null, message: string) => {
      setProgress({ phase: 'failed', importId: id, message });
      toast(messages.failed(message));
    },
    [messages, toast],
  );

  useEffect(() => {
    if (progress.phase !== 'processing' || !status || status.id !== progress.importId) return;
    if (handled.current === status.id || (status.state !== 'completed' && status.state !== 'failed')) return;
    handled.current = status.id;
    if (status.state === 'completed') void finish(status.id);
    else fail(status.id, status.error?.message ?? 'Unknown error');
  }, [progress, status, finish, fail]);

  const start = useCallback(
    async (file: File | null) => {
      if (!file) return toast(messages.noFile);
      if (!isImportFile(file)) return toast(messages.invalidFile);
      setProgress({ phase: 'uploading', percent: 0 });
      try {
        const answer = await uploadImportFile(messages.url, file, (percent) =>
          setProgress({ phase: 'uploading', percent }),
        );
        if (answer.kind === 'accepted') setProgress({ phase: 'processing', importId: answer.accepted.id });
        else await finish(null);
      } catch (error) {
        if (error instanceof UploadRefusedError) return fail(null, error.message);
        const message = error instanceof Error ? error.message : String(error);
        setProgress({ phase: 'failed', importId: null, message });
        toast(
          error instanceof UploadNetworkError ? messages.networkError : messages.preparationFailed(message),
        );
      }
    },
    [messages, toast, finish, fail],
  );

  const reset = useCallback(() => setProgress({ phase: 'idle' }), []);
  return { progress, status: importId && status?.id === importId ? status : undefined, start, reset };
}
