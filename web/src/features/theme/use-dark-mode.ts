import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'darkMode';
const listeners = new Set<() => void>();

/** Dark is the default on first visit (docs/product.md#theme): the flag is written as true when absent. */
function read(): boolean {
  const stored = localStorage.getItem(KEY);
  if (stored === null) {
    localStorage.setItem(KEY, 'true');
    return true;
  }
  return stored === 'true';
}

export function setDarkMode(value: boolean): void {
  localStorage.setItem(KEY, String(value));
  listeners.forEach((l) => l());
}

export function useDarkMode(): [boolean, (value: boolean) => void] {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  const value = useSyncExternalStore(subscribe, read, () => true);
  return [value, setDarkMode];
}
