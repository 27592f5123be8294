/**
 * The JavaScript each screen's first load needs, read from Vite's build manifest
 * (`dist/.vite/manifest.json`): the entry chunk (index.html), the app it starts (its dynamic import,
 * app/start.tsx), the screen's lazy chunk (app/routes/<module>.tsx) and, for the screens drawn in the
 * frame, the frame's lazy chunk (app/layouts/app-frame.tsx); each with the chunks it imports
 * statically. Pure data in, data out: the build's preload list and the JS budget check use it.
 */

/** The part of a Vite manifest entry that matters here. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** What the route table says about a screen (see src/app/route-table.ts). */
export interface ScreenChunks {
  path: string;
  module: string;
  signedIn: boolean;
  frame: 'none' | 'nav' | 'plain';
}

export const ENTRY_KEY = 'index.html';
export const FRAME_KEY = 'src/app/layouts/app-frame.tsx';
export const screenKey = (module: string) => `src/app/routes/${module}.tsx`;

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`The build manifest has no chunk for ${key}`);
  return found;
}

/** The files of `keys` and of every chunk they import statically, in load order, each once. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = chunk(manifest, key);
    files.push(c.file);
    for (const imported of c.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The entry chunk and what it imports statically: the page loads these by itself. */
export function entryFiles(manifest: Manifest): string[] {
  return staticClosure(manifest, [ENTRY_KEY]);
}

/** Every JavaScript file the first load of `screen` needs: entry, app, frame, screen. */
export function firstLoadFiles(manifest: Manifest, screen: ScreenChunks): string[] {
  const app = chunk(manifest, ENTRY_KEY).dynamicImports ?? [];
  const frame = screen.frame === 'none' ? [] : [FRAME_KEY];
  return staticClosure(manifest, [ENTRY_KEY, ...app, ...frame, screenKey(screen.module)]);
}

/** The chunks a screen's page should preload: its first load beyond what the entry loads itself. */
export function preloadFiles(manifest: Manifest, screen: ScreenChunks): string[] {
  const initial = new Set(entryFiles(manifest));
  return firstLoadFiles(manifest, screen).filter((file) => !initial.has(file));
}
