import { useEffect, useState } from 'react';
import { matchPath } from 'react-router-dom';

/** The wizard stage a page load may open on. */
export const WIZARD_FIRST_STAGE = '/new-book/publishing-rights';

/**
 * The wizard's page-load rule (account-area.md section 4): a page loaded on any
 * /new-book/{stage} other than publishing-rights starts over at publishing-rights, because
 * the wizard's in-memory state did not survive the load. Null when the path may stay.
 */
export function wizardPageLoadTarget(pathname: string): string | null {
  const match = matchPath({ path: '/new-book/:stage/*' }, pathname);
  if (!match || match.params.stage === 'publishing-rights') return null;
  return WIZARD_FIRST_STAGE;
}

/**
 * Applies the rule to the path this page load opened on, once: the redirect target while
 * the portal is still on that first path, null afterwards, so in-app navigation to any
 * stage is never redirected. Call it once, from the routes.
 */
export function useWizardPageLoadRedirect(pathname: string): string | null {
  const [loadPath] = useState(pathname);
  const [pending, setPending] = useState(() => wizardPageLoadTarget(pathname) !== null);
  useEffect(() => {
    if (pending && pathname !== loadPath) setPending(false);
  }, [pending, pathname, loadPath]);
  return pending && pathname === loadPath ? WIZARD_FIRST_STAGE : null;
}
