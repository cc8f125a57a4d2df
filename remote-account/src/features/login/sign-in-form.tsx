import { useState } from 'react';
import { Form } from 'react-final-form';
import {
  alertMessage,
  ApiError,
  Button,
  LOGIN_RETURN_PARAM,
  LoginForm,
  needsSecondFactor,
  raiseAlert,
  safeReturnPath,
  signIn,
  validateForm,
  useNavigate,
  useSearchParams,
} from '@pod/shared-contracts';
import { FinalPasswordField, FinalTextField } from '@pod/shared-contracts/final-fields';
import { LoginFailedModal } from './login-failed-modal';
import { signInLockedMessage } from './lockout-message';
import { TwoFactorStep } from './two-factor-step';

/** Sign-in is locked for a while (too many failures): not a verdict on these credentials. */
function isLocked(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** A refusal of the credentials (as opposed to the server or the network failing). */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * E-mail and password with the spec's messages; Enter submits. Wrong credentials open the
 * 'Login unsuccessful' modal; a lock (429) raises an alert naming the wait; any other
 * failure raises a danger alert. An account with two-factor authentication then asks for a
 * code ({@link TwoFactorStep}). Success goes back to the page named by `?next=` when it is
 * a safe in-app path (`safeReturnPath`), else to /dashboard.
 */
export function SignInForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [refused, setRefused] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  // Kept for the way back from the second step: the e-mail is typed again only if it was wrong.
  const [email, setEmail] = useState('');

  const continueSignedIn = () => void navigate(safeReturnPath(searchParams.get(LOGIN_RETURN_PARAM)) ?? '/dashboard');

  const onSubmit = async (values: LoginForm) => {
    try {
      const outcome = await signIn(values.email.trim(), values.password);
      if (needsSecondFactor(outcome)) {
        setEmail(values.email.trim());
        setChallenge(outcome.challenge);
      } else continueSignedIn();
    } catch (error) {
      if (isLocked(error)) raiseAlert({ variant: 'danger', message: signInLockedMessage(error.retryAfterSeconds) });
      else if (isRefusal(error)) setRefused(true);
      else raiseAlert({ variant: 'danger', message: alertMessage(error) });
    }
  };

  if (challenge !== null) {
    return <TwoFactorStep challenge={challenge} onSignedIn={continueSignedIn} onRestart={() => setChallenge(null)} />;
  }

  return (
    <>
      <Form<LoginForm>
        onSubmit={onSubmit}
        initialValues={{ email }}
        validate={(values) => validateForm(LoginForm, values)}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <FinalTextField name="email" type="email" label="Email" autoComplete="email" />
            <FinalPasswordField name="password" label="Password" autoComplete="current-password" />
            <Button type="submit" busy={submitting}>
              Sign in
            </Button>
          </form>
        )}
      />
      <LoginFailedModal open={refused} onClose={() => setRefused(false)} />
    </>
  );
}
