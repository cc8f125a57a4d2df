import { useState } from 'react';
import { Form } from 'react-final-form';
import { AlertBar, alertMessage, Button, ChangeEmailForm, logout, validateForm } from '@pod/shared-contracts';
import { FinalPasswordField, FinalTextField } from '@pod/shared-contracts/final-fields';
import { changeEmail } from './api/change-email';
import styles from './change-email.module.css';

/** What the form says before the user commits (the spec's text for the page, also in the dialog). */
export const CHANGE_EMAIL_LEAD =
  'When you press Done you will be logged out. We will e-mail a link to your new address: follow it to confirm the change, then log in again.';

/** The notice /login shows after a change was requested (the user is logged out by then). */
export function changeEmailNotice(email: string) {
  return {
    variant: 'success' as const,
    title: 'Check your new e-mail address',
    message: `We sent a link to ${email}. Please follow it to confirm your new e-mail address, then log in with it.`,
  };
}

/** Props of {@link ChangeEmailFormView}. */
export interface ChangeEmailFormProps {
  /** Shown as a 'Cancel' button beside Done when given (the dialog closes with it). */
  onCancel?: () => void;
}

/**
 * 'New e-mail address' and 'Password', then Done: PUT /user/changeemail with the shared
 * ChangeEmailForm rules ('Please enter a valid email address'). On success the user is logged
 * out and storage cleared (spec section 4), and /login tells her to follow the link e-mailed
 * to the new address. A server error shows in an alert inside the form, where the user is
 * (in the dialog the page's own alert bars sit behind the modal backdrop). One component for
 * the profile's dialog and /profile/update-email.
 */
export function ChangeEmailFormView({ onCancel }: ChangeEmailFormProps) {
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (values: ChangeEmailForm) => {
    setFailure(null);
    const email = values.email.trim();
    try {
      await changeEmail({ email, password: values.password });
    } catch (error) {
      setFailure(alertMessage(error));
      return;
    }
    await logout({ notice: changeEmailNotice(email) });
  };

  return (
    <Form<ChangeEmailForm>
      onSubmit={onSubmit}
      validate={(values) => validateForm(ChangeEmailForm, values)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <p className={styles.lead}>{CHANGE_EMAIL_LEAD}</p>
          {failure ? <AlertBar variant="danger" message={failure} className={styles.failure} /> : null}
          <FinalTextField name="email" type="email" label="New e-mail address" autoComplete="email" />
          <FinalPasswordField name="password" label="Password" autoComplete="current-password" />
          <div className={styles.actions}>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel} disabled={submitting}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" busy={submitting}>
              Done
            </Button>
          </div>
        </form>
      )}
    />
  );
}
