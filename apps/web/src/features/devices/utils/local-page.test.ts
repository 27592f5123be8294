import { afterEach, describe, expect, it, vi } from 'vitest';
import { apcUnit, localPageUrl, openLocalPage } from './local-page.ts';

afterEach(() => vi.restoreAllMocks());

describe('apcUnit', () => {
  it.each([
    ['APS2 Rear', null, 'rear'],
    ['Irma counter', 'APC rear 1001', 'rear'],
    ['aps2', null, 'rear'],
    ['APS1 Front', 'APC front 1001', 'front'],
    ['Irma counter', 'APC 1001', 'front'],
    [null, null, 'front'],
  ] as const)('%s / %s -> %s', (deviceSystem, name, unit) => {
    expect(apcUnit({ deviceSystem, name })).toBe(unit);
  });
});

describe('local pages', () => {
  it('builds http://{ip}', () => {
    expect(localPageUrl('10.20.1.5')).toBe('http://10.20.1.5');
    expect(localPageUrl(' ')).toBeNull();
    expect(localPageUrl(null)).toBeNull();
  });

  it('reports a blocked pop-up', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openLocalPage('http://10.0.0.1')).toBe(false);
  });

  it('opens the page in a new tab without an opener', () => {
    const win = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(win);
    expect(openLocalPage('http://10.0.0.1')).toBe(true);
    expect(open).toHaveBeenCalledWith('http://10.0.0.1', '_blank');
    expect(win.opener).toBeNull();
  });
});
