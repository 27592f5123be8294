import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnlineIndicator } from './online-indicator.tsx';

afterEach(() => vi.restoreAllMocks());

describe('OnlineIndicator', () => {
  it("follows the browser's connectivity live", () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OnlineIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent('Online');
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status')).toHaveTextContent('Online');
  });
});
