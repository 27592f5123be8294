import { z } from 'zod';
import type { TraccarHttp } from './traccar-http.ts';
import { TcUserSchema, parseRows } from './traccar-schemas.ts';

/** How long the list of Traccar's users answers before it is read again. */
const USERS_TTL_MS = 30_000;

/**
 * Which Traccar account a login names, without its password (decision 038: the per-account
 * sign-in count). Traccar signs a user in by its e-mail or by its `login` name (LoginService: the
 * trimmed `email` field is matched against both), so both lead to the account's id here. The
 * administrator's token lists every user (`GET /api/users`); the list is kept 30 s, so a burst of
 * attempts with made-up names costs Traccar one call.
 */
export class TraccarAccounts {
  private index: { at: number; byName: Promise<Map<string, string>> } | null = null;

  constructor(private readonly http: TraccarHttp) {}

  async idOf(login: string): Promise<string | null> {
    const name = login.trim().toLowerCase();
    if (name === '') return null;
    return (await this.names()).get(name) ?? null;
  }

  private names(): Promise<Map<string, string>> {
    const now = Date.now();
    if (this.index && now - this.index.at < USERS_TTL_MS) return this.index.byName;
    const byName = this.http.json('/users', z.unknown()).then((rows) => {
      const names = new Map<string, string>();
      for (const user of parseRows(TcUserSchema, rows, () => undefined)) {
        const id = String(user.id);
        for (const name of [user.email, user.login])
          if (name && !names.has(name.trim().toLowerCase())) names.set(name.trim().toLowerCase(), id);
      }
      return names;
    });
    const entry = { at: now, byName };
    // A failed read is not kept: the next attempt asks again.
    byName.catch(() => {
      if (this.index === entry) this.index = null;
    });
    this.index = entry;
    return byName;
  }
}
