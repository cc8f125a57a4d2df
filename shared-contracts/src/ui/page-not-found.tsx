import { useAtomValue } from 'jotai';
import { Link } from '../router';
import { accessTokenAtom, sessionStore } from '../session/store';
import { useDocumentTitle } from './use-document-title';

/**
 * The not-found screen ('Page Not Found'): the host shows it for any path no app owns,
 * and a remote for a path inside its area that it does not know. It always offers a way
 * back: the dashboard when signed in, the sign-in page when not.
 */
export function PageNotFound() {
  useDocumentTitle('Page Not Found');
  const signedIn = useAtomValue(accessTokenAtom, { store: sessionStore }) !== null;
  return (
    <>
      <h1>Page Not Found</h1>
      <p>The page you were looking for does not exist or has moved.</p>
      <p>
        {signedIn ? <Link to="/dashboard">Go to your dashboard</Link> : <Link to="/login">Go to the sign-in page</Link>}
      </p>
    </>
  );
}
