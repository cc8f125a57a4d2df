import { Link, useLocation } from '../router';
import { SIGN_IN_REQUIRED_MESSAGE } from '../api/errors';
import { signInPath } from '../routes';
import { useDocumentTitle } from './use-document-title';

/** Props of {@link SignInPrompt}. */
export interface SignInPromptProps {
  /** A whole screen: its heading (h1) and document title. Left out, the prompt sits inline. */
  heading?: string;
  /** The sentence before the link; `SIGN_IN_REQUIRED_MESSAGE` by default. */
  message?: string;
}

function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/**
 * Shown instead of a screen (or part of one) that needs a session when there is none: a
 * short sentence and a 'Sign in' link to /login that returns here afterwards (`?next=`,
 * see `signInPath`). As a whole screen it also offers 'Register'.
 */
export function SignInPrompt({ heading, message = SIGN_IN_REQUIRED_MESSAGE }: SignInPromptProps) {
  const { pathname, search } = useLocation();
  const signIn = <Link to={signInPath(`${pathname}${search}`)}>Sign in</Link>;
  if (!heading) {
    return (
      <p role="status">
        {message} {signIn}
      </p>
    );
  }
  return (
    <>
      <DocumentTitle title={heading} />
      <h1>{heading}</h1>
      <p>{message}</p>
      <p>
        {signIn} or <Link to="/register">Register</Link>
      </p>
    </>
  );
}
