import { useState } from 'react';
import { Form } from 'react-final-form';
import { AlertBar, alertMessage, Button, Modal } from '@pod/shared-contracts';
import { FinalPasswordField } from '@pod/shared-contracts/final-fields';
import { disableTwoFactor } from './api/disable-two-factor';
import styles from './security.module.css';

interface PasswordValues {
  password?: string;
}

export interface DisableTwoFactorDialogProps {
  onClose: () => void;
  /** Two-factor is off; `description` is the server's confirmation. */
  onDisabled: (description: string) => void;
}

/**
 * 'Turn off two-factor authentication': the account's password confirms it (a code is not
 * asked for: whoever lost her phone must still be able to turn it off). A wrong password,
 * or too many tries, shows the server's message in the dialog.
 */
export function DisableTwoFactorDialog({ onClose, onDisabled }: DisableTwoFactorDialogProps) {
  const [error, setError] = useState<string | null>(null);

  const turnOff = async (values: PasswordValues) => {
    setError(null);
    try {
      const { description } = await disableTwoFactor(values.password ?? '');
      onDisabled(description);
    } catch (failure) {
      setError(alertMessage(failure));
    }
  };

  return (
    <Modal open title="Turn off two-factor authentication" onClose={onClose}>
      <p>Signing in will then need only your password. Enter it to confirm.</p>
      {error ? <AlertBar variant="danger" message={error} className={styles.message} /> : null}
      <Form<PasswordValues>
        onSubmit={turnOff}
        validate={(values) => (values.password ? {} : { password: 'Please enter your password' })}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <FinalPasswordField name="password" label="Password" autoComplete="current-password" />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" busy={submitting}>
                Turn off
              </Button>
            </div>
          </form>
        )}
      />
    </Modal>
  );
}
