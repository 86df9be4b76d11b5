import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubServer } from '../testing/app.testing';
import { useCopyText } from './use-copy-text';

function CopyButton({ text, description }: { text: string; description?: string }) {
  const copy = useCopyText();
  return (
    <button type="button" onClick={() => void copy(text, description)}>
      Copy
    </button>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCopyText', () => {
  it('copies the text and says so', async () => {
    stubServer({});
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApp(<CopyButton text="Hi Ben, meet Bob." />);
    fireEvent.click(screen.getByText('Copy'));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(screen.getByText('The introduction has been copied to your clipboard.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('Hi Ben, meet Bob.');
  });

  it('says what was copied when told', async () => {
    stubServer({});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => undefined } });
    renderWithApp(<CopyButton text="https://example.org" description="The link is on your clipboard." />);
    fireEvent.click(screen.getByText('Copy'));
    expect(await screen.findByText('The link is on your clipboard.')).toBeTruthy();
  });

  it('asks to copy by hand when the browser refuses the clipboard', async () => {
    stubServer({});
    const writeText = vi.fn(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApp(<CopyButton text="Hi Ben" />);
    fireEvent.click(screen.getByText('Copy'));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    expect(screen.getByText('Select the text and copy it by hand.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Copied to clipboard')).toBeNull());
  });
});
