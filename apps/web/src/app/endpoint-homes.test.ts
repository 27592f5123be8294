import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One home per endpoint (decisions 013 and 032): each `/api/...` path is spelled in exactly one web
 * module; a second endpoint on the same path, a query key or the outbox's view of it imports it
 * from there.
 */
const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every path literal: a quoted or template string starting /api/, up to a `${`, `?` or its end. */
function spelledPaths(text: string): string[] {
  const found = [...text.matchAll(/['"`](\/api\/[A-Za-z0-9/_-]*)/g)].map((m) =>
    (m[1] ?? '').replace(/\/$/, ''),
  );
  return [...new Set(found)];
}

describe('endpoint homes', () => {
  it('spells each /api/ path in one module', () => {
    const homes = new Map<string, string[]>();
    for (const file of sources(SRC)) {
      // Comments name endpoints for the reader; only code counts.
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const spelled of spelledPaths(code)) {
        homes.set(spelled, [...(homes.get(spelled) ?? []), path.relative(SRC, file)]);
      }
    }
    const spelledTwice = [...homes].filter(([, files]) => files.length > 1);
    expect(spelledTwice).toEqual([]);
    expect(homes.size).toBeGreaterThan(20);
  });
});
