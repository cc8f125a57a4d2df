import { useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  alertMessage,
  ApiError,
  Button,
  FinalPasswordField,
  FinalTextField,
  LOGIN_RETURN_PARAM,
  LoginForm,
  raiseAlert,
  safeReturnPath,
  signIn,
  validateForm,
} from '@pod/shared-contracts';
import { LoginFailedModal } from './login-failed-modal';
import { signInLockedMessage } from './lockout-message';

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
 * failure raises a danger alert. Success goes back to the page named by `?next=` when it is
 * a safe in-app path (`safeReturnPath`), else to /dashboard.
 */
export function SignInForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [refused, setRefused] = useState(false);

  const onSubmit = async (values: LoginForm) => {
    try {
      await signIn(values.email.trim(), values.password);
      void navigate(safeReturnPath(searchParams.get(LOGIN_RETURN_PARAM)) ?? '/dashboard');
    } catch (error) {
      if (isLocked(error)) raiseAlert({ variant: 'danger', message: signInLockedMessage(error.retryAfterSeconds) });
      else if (isRefusal(error)) setRefused(true);
      else raiseAlert({ variant: 'danger', message: alertMessage(error) });
    }
  };

  return (
    <>
      <Form<LoginForm>
        onSubmit={onSubmit}
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
