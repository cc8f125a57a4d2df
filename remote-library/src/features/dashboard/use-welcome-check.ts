import { useEffect, useState } from 'react';
import { LIMITS, loadCurrentUser, useCurrentUser } from '@pod/shared-contracts';

/**
 * Whether the stored user's `initial_login` is known yet, re-reading the user while it is
 * not (account-area.md section 4: checked up to 5 times at 5 s intervals). The first re-read
 * is immediate, the next ones LIMITS.welcomeCheckIntervalMs apart; after
 * LIMITS.welcomeCheckAttempts reads it gives up and reports `settled` so the other notices
 * may show. Without a signed-in user nothing is read.
 */
export function useWelcomeCheck(): { settled: boolean } {
  const user = useCurrentUser();
  const signedIn = user !== null;
  const known = user?.initial_login !== undefined && user?.initial_login !== null;
  const [exhausted, setExhausted] = useState(false);

  useEffect(() => {
    if (!signedIn || known) return undefined;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const attempt = () => {
      attempts += 1;
      // A failed read counts as an attempt; the next one may succeed.
      void loadCurrentUser()
        .catch(() => undefined)
        .then(() => {
          if (!active) return;
          if (attempts >= LIMITS.welcomeCheckAttempts) setExhausted(true);
          else timer = setTimeout(attempt, LIMITS.welcomeCheckIntervalMs);
        });
    };
    attempt();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [signedIn, known]);

  return { settled: known || exhausted };
}
