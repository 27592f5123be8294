import { describe, expect, it } from 'vitest';
import { formatSizes, KIB, overLimit, routeSizes } from './js-budget.ts';
import { firstLoadFiles, preloadFiles, type Manifest, type ScreenChunks } from './route-chunks.ts';

/** A small build: entry → app (dynamic), two screens sharing a chunk, the frame, a lazy dialog. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_runtime.js'],
    dynamicImports: ['_app.js'],
  },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_app.js': {
    file: 'assets/app.js',
    imports: ['_runtime.js', 'index.html'],
    dynamicImports: ['src/app/routes/login.tsx'],
  },
  '_forms.js': { file: 'assets/forms.js', imports: ['_app.js'] },
  'src/app/routes/login.tsx': { file: 'assets/login.js', imports: ['_app.js', '_forms.js'] },
  'src/app/routes/vehicles.tsx': {
    file: 'assets/vehicles.js',
    imports: ['_forms.js', '_app.js'],
    dynamicImports: ['src/dialog.tsx'],
  },
  'src/app/layouts/app-frame.tsx': { file: 'assets/frame.js', imports: ['_app.js'] },
  'src/dialog.tsx': { file: 'assets/dialog.js', imports: ['_forms.js'] },
};

const login: ScreenChunks = { path: '/login', module: 'login', signedIn: false, frame: 'none' };
const vehicles: ScreenChunks = { path: '/vehicles', module: 'vehicles', signedIn: true, frame: 'nav' };

const sizes: Record<string, number> = {
  'assets/index.js': 1 * KIB,
  'assets/runtime.js': 1 * KIB,
  'assets/app.js': 100 * KIB,
  'assets/forms.js': 20 * KIB,
  'assets/login.js': 5 * KIB,
  'assets/vehicles.js': 50 * KIB,
  'assets/frame.js': 10 * KIB,
  'assets/dialog.js': 500 * KIB,
};
const sizeOf = (file: string) => sizes[file] ?? Number.NaN;

describe('first-load files of a screen', () => {
  it('are the entry, the app it starts, the frame and the screen, with their static imports, once each', () => {
    expect(firstLoadFiles(manifest, login)).toEqual([
      'assets/index.js',
      'assets/runtime.js',
      'assets/app.js',
      'assets/login.js',
      'assets/forms.js',
    ]);
    expect(firstLoadFiles(manifest, vehicles)).toEqual([
      'assets/index.js',
      'assets/runtime.js',
      'assets/app.js',
      'assets/frame.js',
      'assets/vehicles.js',
      'assets/forms.js',
    ]);
  });

  it('leave out what the screen loads later (dynamic imports beyond the app)', () => {
    expect(firstLoadFiles(manifest, vehicles)).not.toContain('assets/dialog.js');
  });

  it('are preloaded beyond what the entry loads by itself', () => {
    expect(preloadFiles(manifest, login)).toEqual(['assets/app.js', 'assets/login.js', 'assets/forms.js']);
  });

  it('name the missing chunk when the manifest lacks a screen', () => {
    const missing: ScreenChunks = { path: '/reports', module: 'reports', signedIn: true, frame: 'nav' };
    expect(() => firstLoadFiles(manifest, missing)).toThrow('src/app/routes/reports.tsx');
  });
});

describe('JS budget', () => {
  const none = {};

  it('sums the compressed sizes: 130 KiB for the sign-in screens, 180 KiB in the frame', () => {
    const [l, v] = routeSizes(manifest, [login, vehicles], sizeOf, none);
    expect(l).toMatchObject({
      path: '/login',
      bytes: 127 * KIB,
      budgetBytes: 130 * KIB,
      limitBytes: 130 * KIB,
    });
    expect(v).toMatchObject({ path: '/vehicles', bytes: 182 * KIB, budgetBytes: 180 * KIB });
  });

  it('gives a public page drawn in the frame (not found) the frame’s budget', () => {
    const notFound: ScreenChunks = { path: '*', module: 'login', signedIn: false, frame: 'plain' };
    expect(routeSizes(manifest, [notFound], sizeOf, none)[0]?.budgetBytes).toBe(180 * KIB);
  });

  it('fails the routes over their budget, naming each with its size', () => {
    const result = routeSizes(manifest, [login, vehicles], sizeOf, none);
    expect(overLimit(result).map((s) => s.path)).toEqual(['/vehicles']);
    const report = formatSizes(result);
    expect(report).toContain('✓ /login');
    expect(report).toContain('✗ /vehicles   182.0 KiB of 180.0 KiB (6 files)');
  });

  it('holds a screen still over its goal to its ceiling', () => {
    const within = routeSizes(manifest, [vehicles], sizeOf, { '/vehicles': 185 });
    expect(overLimit(within)).toEqual([]);
    expect(formatSizes(within)).toContain(
      '! /vehicles   182.0 KiB of 180.0 KiB (6 files, over the goal: ceiling 185.0 KiB)',
    );
    expect(overLimit(routeSizes(manifest, [vehicles], sizeOf, { '/vehicles': 181 }))).toHaveLength(1);
  });
});
