import { useCallback } from 'react';
import { useToast } from '../toast/use-toast';

/** What the success toast says was copied (docs/product.md#notifications). */
export const COPIED_INTRO = 'The introduction has been copied to your clipboard.';

/**
 * Copies a text to the clipboard with the toast that says so: "Copied to clipboard" (with
 * `description`), or, where the browser refuses (an insecure origin, a denied permission),
 * "Copy failed" asking to copy by hand; the text stays on the screen, selectable. Resolves to
 * whether the copy happened.
 */
export function useCopyText() {
  const toast = useToast();
  return useCallback(
    async (text: string, description = COPIED_INTRO): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
        toast({ title: 'Copied to clipboard', description, variant: 'success' });
        return true;
      } catch {
        toast({
          title: 'Copy failed',
          description: 'Select the text and copy it by hand.',
          variant: 'destructive',
        });
        return false;
      }
    },
    [toast],
  );
}
