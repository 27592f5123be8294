import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule, whenOpen } from './lazy-module.ts';

describe('lazyModule', () => {
  it('loads once, and tries again after a failed load', async () => {
    const importer = vi
      .fn<() => Promise<{ value: number }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ value: 7 });
    const module = lazyModule(importer);
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.current()).toBeUndefined();
    await expect(module.load()).resolves.toEqual({ value: 7 });
    await module.load();
    expect(importer).toHaveBeenCalledTimes(2);
    expect(module.current()).toEqual({ value: 7 });
  });
});

describe('whenOpen', () => {
  it('renders nothing until first opened, then the loaded dialog', async () => {
    const importer = vi.fn(() =>
      Promise.resolve(({ open }: { open: boolean }) => <p>{open ? 'Open' : 'Closed'}</p>),
    );
    const Dialog = whenOpen(importer);
    const { rerender } = render(<Dialog open={false} />);
    expect(importer).not.toHaveBeenCalled();
    rerender(<Dialog open />);
    expect(await screen.findByText('Open')).toBeInTheDocument();
    rerender(<Dialog open={false} />);
    expect(screen.getByText('Closed')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(importer).toHaveBeenCalledOnce();
  });
});
