import { useEffect, useRef } from 'react';
import { clearAlerts, useLocation, useNavigationType } from '@pod/shared-contracts';

/**
 * Alerts belong to the page they were raised on: when the user goes to another page (a link,
 * the menu, back or forward) the non-sticky ones are cleared, so an old failure does not follow
 * her around. A redirect (a REPLACE navigation, such as `/` to `/dashboard` or the tidy-up of a
 * pin link) is part of reaching the page, not leaving it, and keeps them: an alert raised just
 * before it is still read where the user lands.
 */
export function useClearAlertsOnNavigation(): void {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (type !== 'REPLACE') clearAlerts();
  }, [pathname, type]);
}
