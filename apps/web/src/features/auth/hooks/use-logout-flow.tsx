import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import { clearOutbox, pendingEntries, shownEntries, type OutboxEntry } from '../../../lib/outbox/outbox.ts';
import { useSignOut } from './use-logout.ts';

/**
 * The Logout the user chooses (§4, issue 14). With nothing waiting to be sent it signs out at
 * once. With unsent changes in the outbox it first shows them by name, with Cancel and 'Sign out
 * and discard'; only that empties the outbox. Render `dialog` beside the Logout control.
 */
const logoutDialog = lazyModule(() => import('../components/logout-dialog.tsx'));

export function useLogout(): { logout: () => void; dialog: ReactNode } {
  const signOut = useSignOut();
  const [unsent, setUnsent] = useState<readonly OutboxEntry[] | null>(null);
  const [discarding, setDiscarding] = useState(false);
  // The dialog's code (Radix) loads only when there is something to show (decision 027).
  const [loaded, preload] = useLazyModule(logoutDialog);
  const asking = unsent !== null;
  useEffect(() => {
    if (asking) preload();
  }, [asking, preload]);

  const logout = useCallback(() => {
    pendingEntries().then(
      (entries) => {
        if (entries.length > 0) setUnsent(shownEntries(entries));
        else void signOut();
      },
      // The outbox cannot be read (storage refused): nothing can be sent from it either.
      () => void signOut(),
    );
  }, [signOut]);

  const discard = () => {
    setDiscarding(true);
    void clearOutbox()
      .catch((error: unknown) => console.warn('Could not empty the outbox', error))
      .then(() => {
        setUnsent(null);
        setDiscarding(false);
        return signOut();
      });
  };

  const dialog = loaded && (
    <loaded.LogoutDialog
      entries={unsent}
      onCancel={() => setUnsent(null)}
      onDiscard={discard}
      discarding={discarding}
    />
  );
  return { logout, dialog };
}
