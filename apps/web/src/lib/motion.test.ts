import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollBehavior } from './motion.ts';

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('scrollBehavior', () => {
  it('scrolls smoothly by default', () => {
    reducedMotion(false);
    expect(scrollBehavior()).toBe('smooth');
  });

  it('jumps when the system asks for reduced motion', () => {
    reducedMotion(true);
    expect(scrollBehavior()).toBe('auto');
  });

  it('scrolls smoothly where media queries cannot be asked', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(scrollBehavior()).toBe('smooth');
  });
});
