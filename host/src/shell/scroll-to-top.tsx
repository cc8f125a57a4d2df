import { useEffect } from 'react';
import { useLocation } from '@pod/shared-contracts';

/** Scrolls to the top of the page whenever the path changes. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
