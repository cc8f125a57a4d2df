import { useCallback, useMemo, useState } from 'react';
import { useDocumentTitle, type RegisterCredentialsForm, Outlet, useOutletContext } from '@pod/shared-contracts';
import { AuthPage } from '../components/auth-page';

/** What the registration steps share while the user moves between them. */
export interface RegistrationDraft {
  /** Step 1's values, or null before step 1 is done (or after registering). */
  credentials: RegisterCredentialsForm | null;
  saveCredentials: (values: RegisterCredentialsForm) => void;
  /** Drops the kept values (the password with them) once they are no longer needed. */
  forget: () => void;
}

/**
 * `/register/*`: the layout of the three registration steps. Step 1's values live in this
 * component's state, in memory only: they hold a password, so they are never written to
 * storage, and they vanish when the user leaves registration or reloads the page.
 */
export function RegisterLayout() {
  useDocumentTitle('Register');
  const [credentials, setCredentials] = useState<RegisterCredentialsForm | null>(null);
  // Stable callbacks, so a step may run an effect on them without re-running it on every change.
  const forget = useCallback(() => setCredentials(null), []);
  const draft = useMemo<RegistrationDraft>(
    () => ({ credentials, saveCredentials: setCredentials, forget }),
    [credentials, forget],
  );
  return (
    <AuthPage>
      <Outlet context={draft} />
    </AuthPage>
  );
}

/** The registration draft, for the step screens rendered inside {@link RegisterLayout}. */
export function useRegistrationDraft(): RegistrationDraft {
  return useOutletContext<RegistrationDraft>();
}
