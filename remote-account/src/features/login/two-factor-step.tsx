import { useState } from 'react';
import { Form } from 'react-final-form';
import { alertMessage, ApiError, Button, completeTwoFactorSignIn, raiseAlert } from '@pod/shared-contracts';
import { FinalTextField } from '@pod/shared-contracts/final-fields';
import { signInLockedMessage } from './lockout-message';
import styles from './login.module.css';

/** The two kinds of second factor the API accepts (POST /authO/login/2fa). */
type CodeKind = 'app' | 'recovery';

const TEXT: Record<CodeKind, { label: string; intro: string; required: string; other: string }> = {
  app: {
    label: 'Authentication code',
    intro: 'Enter the 6-digit code your authenticator app shows for Print on Demand.',
    required: 'Please enter the code from your authenticator app',
    other: 'Use a recovery code',
  },
  recovery: {
    label: 'Recovery code',
    intro: 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each works once.',
    required: 'Please enter a recovery code',
    other: 'Use an authentication code',
  },
};

interface CodeValues {
  code?: string;
}

export interface TwoFactorStepProps {
  /** The challenge POST /authO/login answered. */
  challenge: string;
  /** The sign-in completed: tokens stored, user loaded. */
  onSignedIn: () => void;
  /** The challenge cannot be used any more: back to the password. */
  onRestart: () => void;
}

/**
 * The second step of a sign-in on an account with two-factor authentication: an
 * authenticator code, or a recovery code. A wrong code raises the server's message as an
 * alert; an expired or used-up sign-in goes back to the password with the server's message;
 * a lock (429) names the wait like the password step.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const [kind, setKind] = useState<CodeKind>('app');
  const text = TEXT[kind];

  const onSubmit = async (values: CodeValues, form: { change: (name: 'code', value: string) => void }) => {
    try {
      await completeTwoFactorSignIn(challenge, values.code?.trim() ?? '');
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        raiseAlert({ variant: 'danger', message: signInLockedMessage(error.retryAfterSeconds) });
        return;
      }
      // A 401 is this step's refusal, not a lost session: its message is shown as it is.
      raiseAlert({ variant: 'danger', message: alertMessage(error) });
      if (error instanceof ApiError && error.code === 'CHALLENGE_INVALID') onRestart();
      else form.change('code', '');
      return;
    }
    onSignedIn();
  };

  return (
    <section aria-labelledby="two-factor-title" className={styles.step}>
      <h2 id="two-factor-title">Two-factor authentication</h2>
      <p>{text.intro}</p>
      <Form<CodeValues>
        onSubmit={onSubmit}
        validate={(values) => (values.code?.trim() ? {} : { code: text.required })}
        render={({ handleSubmit, submitting, form }) => (
          <form onSubmit={handleSubmit} noValidate>
            <FinalTextField
              key={kind}
              name="code"
              label={text.label}
              autoComplete={kind === 'app' ? 'one-time-code' : 'off'}
              inputMode={kind === 'app' ? 'numeric' : 'text'}
              spellCheck={false}
              // The field this step is about: where the user types next.
              autoFocus
            />
            <div className={styles.actions}>
              <Button type="submit" busy={submitting}>
                Verify
              </Button>
              <Button
                variant="link"
                // Keeps the focus in the field on press: its blur would show the empty field's
                // message above this button and move it away under the pointer, so the click
                // (press and release on the same element) would never happen.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  form.reset();
                  setKind(kind === 'app' ? 'recovery' : 'app');
                }}
              >
                {text.other}
              </Button>
            </div>
          </form>
        )}
      />
    </section>
  );
}
