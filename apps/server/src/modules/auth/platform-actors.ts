import type { Db } from '../../db/client.ts';
import type { PlatformActors } from '../../lib/ports.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { ProviderActor } from '../../providers/fleet/fleet-provider.ts';
import { deleteCredential, findUserExternalId, listLiveCredentials } from './auth.repository.ts';

/**
 * The users as the platform knows them (issue 32): their platform id and a credential the
 * platform made for them at sign-in, opened from its sealed copy. Writes and commands reach the
 * platform with it, under the user's own rights; none is ever the administrator's.
 */
export class DbPlatformActors implements PlatformActors {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  async forUser(userId: number): Promise<ProviderActor | null> {
    const externalId = await findUserExternalId(this.db, userId);
    if (externalId === null) return null;
    for (const row of await listLiveCredentials(this.db, userId)) {
      const credential = this.box.open(row.sealed);
      if (credential !== null) return { externalId, credential };
      // Sealed with another key (TOOLKIT_SECRET_KEY changed): useless, forgotten.
      await deleteCredential(this.db, row.sessionId);
    }
    return { externalId, credential: null };
  }

  async refused(userId: number, credential: string): Promise<void> {
    for (const row of await listLiveCredentials(this.db, userId))
      if (this.box.open(row.sealed) === credential) await deleteCredential(this.db, row.sessionId);
  }
}
