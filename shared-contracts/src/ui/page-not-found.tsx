import { useDocumentTitle } from './use-document-title';

/**
 * The not-found screen ('Page Not Found'): the host shows it for any path no app owns,
 * and a remote for a path inside its area that it does not know.
 */
export function PageNotFound() {
  useDocumentTitle('Page Not Found');
  return (
    <>
      <h1>Page Not Found</h1>
      <p>The page you were looking for does not exist or has moved.</p>
    </>
  );
}
