import { useEffect, useState } from 'react';
import { matchPath } from '@pod/shared-contracts';

/** The wizard stage a page load may open on. */
export const WIZARD_FIRST_STAGE = '/new-book/publishing-rights';

/** The stages a resume link opens (new-book-wizard.md section 2, "Resume link"). */
const RESUME_STAGES: readonly string[] = ['publisher-info', 'upload-type'];

/**
 * True for a resume link: /new-book/publisher-info or /new-book/upload-type with
 * `continue=true` and a book id (`lbid` or `ibid`), as the library's 'Continue Upload Process'
 * builds it. The wizard stores that book and removes the query (remote-wizard `useResumeLink`).
 */
export function isResumeLink(stage: string | undefined, search: string): boolean {
  if (!stage || !RESUME_STAGES.includes(stage)) return false;
  const query = new URLSearchParams(search);
  if (query.get('continue') !== 'true') return false;
  return [query.get('lbid'), query.get('ibid')].some((id) => id !== null && /^[1-9]\d{0,9}$/.test(id));
}

/**
 * The wizard's page-load rule (account-area.md section 4): a page loaded on any
 * /new-book/{stage} other than publishing-rights starts over at publishing-rights, because
 * the wizard's in-memory state did not survive the load, except a resume link, which carries
 * the book it opens. Null when the path may stay.
 */
export function wizardPageLoadTarget(pathname: string, search = ''): string | null {
  const match = matchPath({ path: '/new-book/:stage/*' }, pathname);
  if (!match || match.params.stage === 'publishing-rights') return null;
  if (match.params['*'] === '' && isResumeLink(match.params.stage, search)) return null;
  return WIZARD_FIRST_STAGE;
}

/**
 * Applies the rule to the path this page load opened on, once: the redirect target while
 * the portal is still on that first path, null afterwards, so in-app navigation to any
 * stage is never redirected. Call it once, from the routes.
 */
export function useWizardPageLoadRedirect(pathname: string, search = ''): string | null {
  const [loadPath] = useState(pathname);
  const [pending, setPending] = useState(() => wizardPageLoadTarget(pathname, search) !== null);
  useEffect(() => {
    if (pending && pathname !== loadPath) setPending(false);
  }, [pending, pathname, loadPath]);
  return pending && pathname === loadPath ? WIZARD_FIRST_STAGE : null;
}
