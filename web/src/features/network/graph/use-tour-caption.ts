import { useEffect, useState } from 'react';
import type { NetworkGraphEngine as GraphEngine } from './graph-adapter';

/** The running tour's caption; null when no tour runs (a tour always shows one while it runs). */
export function useTourCaption(engine: GraphEngine | null): string | null {
  const [caption, setCaption] = useState<string | null>(null);
  useEffect(() => {
    setCaption(null);
    return engine?.on('tourCaption', setCaption);
  }, [engine]);
  return caption;
}
