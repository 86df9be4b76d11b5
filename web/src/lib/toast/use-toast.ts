import { App } from 'antd';
import { useCallback } from 'react';

export interface Toast {
  title: string;
  description?: string;
  /** 'destructive' is the spec's error style. */
  variant?: 'default' | 'success' | 'destructive';
}

/**
 * Toasts of product-spec §8/§9: one visible at a time, closing after 5 s (configured in providers).
 * Each toast is a notice of its own (maxCount 1 closes the one before): antd keeps the old notice's
 * timer when a key is reopened, so a shared key showed a success 4.9 s after an error for 0.1 s.
 */
export function useToast() {
  const { notification } = App.useApp();
  return useCallback(
    ({ title, description, variant = 'default' }: Toast) => {
      const open =
        variant === 'destructive'
          ? notification.error
          : variant === 'success'
            ? notification.success
            : notification.info;
      open({ title, description });
    },
    [notification],
  );
}
