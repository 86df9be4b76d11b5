import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { refreshNetwork } from '../network';
import { useAppDispatch } from '../../lib/store/use-app-dispatch';
import { useToast } from '../../lib/toast/use-toast';

/** Set just before the browser leaves for LinkedIn, so the dashboard knows a return is expected. */
export const LINKEDIN_IMPORT_FLAG = 'linkedinImportPending';

export function markLinkedinImportPending(): void {
  localStorage.setItem(LINKEDIN_IMPORT_FLAG, 'true');
}

function takeLinkedinImportPending(): boolean {
  const pending = localStorage.getItem(LINKEDIN_IMPORT_FLAG) === 'true';
  localStorage.removeItem(LINKEDIN_IMPORT_FLAG);
  return pending;
}

/** `connections` of the return URL when it reports a LinkedIn import, else null. */
export function linkedinReturnCount(params: URLSearchParams): number | null {
  if (params.get('source') !== 'linkedin') return null;
  const count = Number.parseInt(params.get('connections') ?? '', 10);
  return Number.isFinite(count) && count > 0 ? count : null;
}

/**
 * product-spec §2: the return from the provider flow is the stored flag plus
 * `source=linkedin&connections={count}`. With both, a toast and a reload of the network; with the
 * flag alone (LinkedIn gave no connections), the import dialog opens again so the CSV can follow.
 */
export function useLinkedinReturn(reopenImportDialog: () => void): void {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!takeLinkedinImportPending()) return;
    const count = linkedinReturnCount(params);
    if (count === null) return reopenImportDialog();
    toast({ title: `Imported ${count} connections from LinkedIn.`, variant: 'success' });
    void refreshNetwork(dispatch).catch(() => undefined);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('source');
        next.delete('connections');
        return next;
      },
      { replace: true },
    );
    // Once per visit of the dashboard: the flag is consumed on the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
