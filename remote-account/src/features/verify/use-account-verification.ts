import { useEffect, useRef, useState } from 'react';
import type { EmailLink } from '../../lib/email-link';
import { verifyAccount } from './api/verify-account';

/** Where the verification page stands: loading, then verified or failed (account-area.md section 4). */
export type VerificationState = 'verifying' | 'verified' | 'failed';

/** One request per link, shared by every effect run that asks for the same link. */
interface Request {
  key: string;
  outcome: Promise<boolean>;
}

async function verify(link: EmailLink): Promise<boolean> {
  try {
    const reply = await verifyAccount(link.id, link.token);
    return String(reply.statusCode) === '0';
  } catch {
    return false;
  }
}

/**
 * Verifies the account once per link. The token works only once, so the request is kept
 * in a ref: StrictMode's second effect run (and any re-render) subscribes to the request
 * already made instead of sending another one that would fail. A missing or malformed link
 * fails without calling the API.
 */
export function useAccountVerification(link: EmailLink | null): VerificationState {
  const request = useRef<Request | null>(null);
  const [settled, setSettled] = useState<{ key: string; verified: boolean } | null>(null);
  const id = link?.id;
  const token = link?.token;
  const key = id !== undefined && token !== undefined ? `${id}/${token}` : null;

  useEffect(() => {
    if (id === undefined || token === undefined || key === null) return;
    if (request.current?.key !== key) request.current = { key, outcome: verify({ id, token }) };
    let active = true;
    void request.current.outcome.then((verified) => {
      if (active) setSettled({ key, verified });
    });
    return () => {
      active = false;
    };
  }, [id, token, key]);

  if (key === null) return 'failed';
  if (settled?.key !== key) return 'verifying';
  return settled.verified ? 'verified' : 'failed';
}
