import { useState } from 'react';
import { Form } from 'react-final-form';
import { AlertBar, ApiError, Button, ForgotPasswordForm, validateForm } from '@pod/shared-contracts';
import { FinalTextField } from '@pod/shared-contracts/final-fields';
import { requestPasswordReset } from './api/request-password-reset';
import styles from './forgot-password.module.css';

/** The forgot-password failure of account-area.md section 8. */
export const FORGOT_PASSWORD_FAILURE = 'Something went wrong';

/** The rate limit's own sentence ('Too many attempts...') tells the user what to do; anything else gets the spec's text. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.message) return error.message;
  return FORGOT_PASSWORD_FAILURE;
}

/**
 * The e-mail entry of /forgot-password with ForgotPasswordForm's messages. On success it
 * hands the address to `onSent` (the screen then shows 'Check your email'); a failure
 * shows as a danger alert above the button and the form stays usable.
 */
export function SendResetLinkForm({ onSent }: { onSent: (email: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (values: ForgotPasswordForm) => {
    const email = values.email.trim();
    setFailure(null);
    try {
      await requestPasswordReset(email);
      onSent(email);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  return (
    <Form<ForgotPasswordForm>
      onSubmit={onSubmit}
      validate={(values) => validateForm(ForgotPasswordForm, values)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <FinalTextField name="email" type="email" label="Email" autoComplete="email" />
          {failure ? <AlertBar variant="danger" message={failure} className={styles.failure} /> : null}
          <Button type="submit" busy={submitting}>
            Send reset link
          </Button>
        </form>
      )}
    />
  );
}
