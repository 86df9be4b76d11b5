import type { Connection, WarmPathView } from '@warmpath/contracts';
import { useEffect, useState } from 'react';
import { useAuth } from '../../lib/session/auth-context';
import { buildWarmIntroRequest, useGenerateWarmIntroMutation } from '../warm-intro';

export type DraftState = { status: 'writing' } | { status: 'ready'; text: string } | { status: 'failed' };

/**
 * The warm-introduction draft the connector will forward: written by the AI service (the built-in
 * writer when no model is configured) to the target, from the requester, once per dialog.
 */
export function useIntroDraft(
  target: Connection,
  path: WarmPathView | undefined,
  ownNode: Connection | null,
) {
  const { user } = useAuth();
  const [generate] = useGenerateWarmIntroMutation();
  const [state, setState] = useState<DraftState>({ status: 'writing' });
  useEffect(() => {
    let live = true;
    // Written to the target (no intermediary): the connector forwards it as it is.
    const request = { ...buildWarmIntroRequest(target, path, user ?? null, ownNode), intermediary: null };
    generate(request)
      .unwrap()
      .then(({ intro }) => live && setState({ status: 'ready', text: intro }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
    // Once per dialog: a path refetched meanwhile must not overwrite what the user edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
