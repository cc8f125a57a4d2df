import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '../router';
import { initSession, setNavigator } from '../session';
import { Spinner } from './spinner';

let sessionStart: Promise<void> | undefined;

/** The start-up rules run once per page load, whichever app root asks first. */
function startSessionOnce(pathname: string): Promise<void> {
  sessionStart ??= initSession(pathname).catch((error: unknown) => {
    // A failed start leaves the stored session as it is; guarded routes still decide.
    console.error('Session start failed', error);
  });
  return sessionStart;
}

/** Props of {@link SessionGate}. */
export interface SessionGateProps {
  children: ReactNode;
  /** Shown until the session rules have run; a spinner by default. */
  fallback?: ReactNode;
}

/**
 * The root of every app (the host, and each remote standalone): registers react-router's
 * navigate with the session (`setNavigator`), runs `initSession` once with the path the
 * page opened on, and renders its children only after that, so guarded screens never
 * see a session that is about to be refreshed or logged out. Place inside the router.
 */
export function SessionGate({ children, fallback }: SessionGateProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openedOn = useRef(pathname);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setNavigator((path) => {
      void navigate(path);
    });
  }, [navigate]);

  useEffect(() => {
    let mounted = true;
    void startSessionOnce(openedOn.current).then(() => {
      if (mounted) setReady(true);
    });
    return () => {
      mounted = false;
    };
  }, []);

  return <>{ready ? children : (fallback ?? <Spinner label="Starting the portal" />)}</>;
}
