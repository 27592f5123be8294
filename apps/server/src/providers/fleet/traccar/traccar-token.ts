import { readFileSync, statSync } from 'node:fs';

/**
 * The mirror's Traccar token as it is now (issue 32): TRACCAR_TOKEN as given, or the content of
 * TRACCAR_TOKEN_FILE, read again when the file changes (looked at no more than every `checkMs`),
 * so a rotated token is taken without a restart and without losing anything waiting.
 */
export function traccarTokenSource(token: string, file: string | null, checkMs = 2000): () => string {
  if (!file) return () => token;
  let value = readFileSync(file, 'utf8').trim();
  let stamp = statSync(file).mtimeMs;
  let lookedAt = Date.now();
  return () => {
    const now = Date.now();
    if (now - lookedAt < checkMs) return value;
    lookedAt = now;
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime !== stamp) {
        const next = readFileSync(file, 'utf8').trim();
        if (next) value = next;
        stamp = mtime;
      }
    } catch {
      // The file is being replaced: keep the token held until it is back.
    }
    return value;
  };
}
