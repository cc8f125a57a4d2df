import { useEffect, useState } from 'react';
import {
  Button,
  formatRand,
  getCurrentUser,
  LIMITS,
  Modal,
  PAYOUT_MONTHS,
  setCurrentUser,
  useCurrentUser,
} from '@pod/shared-contracts';
import { setInitialLogin } from './api/set-initial-login';
import { isSupportedBrowser } from './browser-support';
import { SESSION_FLAGS } from './messages';
import { useWelcomeCheck } from './use-welcome-check';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'March, June, September and December' from PAYOUT_MONTHS. */
function payoutMonths(): string {
  const names = PAYOUT_MONTHS.map((month) => MONTH_NAMES[month - 1] ?? '');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

// sessionStorage can throw (storage disabled): a notice then shows again, which is harmless.
function flagged(key: string): boolean {
  try {
    return globalThis.sessionStorage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

function flag(key: string): void {
  try {
    globalThis.sessionStorage?.setItem(key, '1');
  } catch {
    /* see flagged() */
  }
}

type Notice = 'welcome' | 'payout' | 'browser';

/**
 * The dashboard's three notices, one at a time in this order (account-area.md section 4):
 * welcome while initial_login is 0 (dismissing it posts initial_login 1), the quarterly
 * payout notice once per session when the balance is above 100, and the browser notice once
 * per session outside Chrome, Firefox, Edge and Safari. Every one closes with 'Close' or
 * Escape, so nothing blocks the page.
 */
export function DashboardNotices({ userAgent = globalThis.navigator?.userAgent ?? '' }: { userAgent?: string }) {
  const user = useCurrentUser();
  const { settled } = useWelcomeCheck();
  // Read once: a notice flagged while this dashboard shows it must stay until closed.
  const [seenBefore] = useState(() => ({
    payout: flagged(SESSION_FLAGS.payoutNotice),
    browser: flagged(SESSION_FLAGS.browserNotice),
  }));
  const [closed, setClosed] = useState<Record<Notice, boolean>>({ welcome: false, payout: false, browser: false });

  let current: Notice | null = null;
  if (user && settled) {
    if (user.initial_login === 0 && !closed.welcome) current = 'welcome';
    else if (!seenBefore.payout && !closed.payout && (user.balance ?? 0) > LIMITS.payoutThreshold) current = 'payout';
    else if (!seenBefore.browser && !closed.browser && !isSupportedBrowser(userAgent)) current = 'browser';
  }

  useEffect(() => {
    if (current === 'payout') flag(SESSION_FLAGS.payoutNotice);
    if (current === 'browser') flag(SESSION_FLAGS.browserNotice);
  }, [current]);

  const close = (notice: Notice) => setClosed((state) => ({ ...state, [notice]: true }));

  const dismissWelcome = () => {
    close('welcome');
    // The modal closes at once; the stored user follows the server's answer. A failed call
    // leaves initial_login 0, so the welcome shows again on the next visit.
    setInitialLogin()
      .then((initialLogin) => {
        const stored = getCurrentUser();
        if (stored) setCurrentUser({ ...stored, initial_login: initialLogin });
      })
      .catch(() => undefined);
  };

  return (
    <>
      <Modal
        open={current === 'welcome'}
        title="Welcome to Print on Demand"
        onClose={dismissWelcome}
        footer={
          <Button autoFocus onClick={dismissWelcome}>
            Close
          </Button>
        }
      >
        <p>
          Hi {user?.name_first}, we are glad you are here. Upload your first book to get a quote, sign your contract,
          and follow your orders, sales and royalties from this dashboard.
        </p>
      </Modal>
      <Modal
        open={current === 'payout'}
        title="Royalty payouts"
        onClose={() => close('payout')}
        footer={
          <Button autoFocus onClick={() => close('payout')}>
            Close
          </Button>
        }
      >
        <p>
          Your balance is {formatRand(user?.balance ?? 0)}. Royalty payouts are made quarterly, in {payoutMonths()}.
        </p>
      </Modal>
      <Modal
        open={current === 'browser'}
        title="Unsupported browser"
        onClose={() => close('browser')}
        footer={
          <Button autoFocus onClick={() => close('browser')}>
            Close
          </Button>
        }
      >
        <p>
          This portal works best in Chrome, Firefox, Edge or Safari. Some features may not work as expected in this
          browser.
        </p>
      </Modal>
    </>
  );
}
