import { Form } from 'react-final-form';
import { Button, ResetPasswordForm, validateForm } from '@pod/shared-contracts';
import { FinalPasswordField } from '@pod/shared-contracts/final-fields';
import type { EmailLink } from '../../lib/email-link';
import { withMismatch } from '../../lib/password-match';
import { resetPassword } from './api/reset-password';

/** The reset form's mismatch message (lower-case 'p', unlike change password's). */
const RESET_MISMATCH = 'passwords must match';

/** The reply description that means the password was changed (account-area.md section 4). */
export const PASSWORD_CHANGED = 'Password changed';

/**
 * 'New password' and 'Confirm password' with ResetPasswordForm's messages (the strength
 * sentence on the password field, 'passwords must match' on the confirmation). Calls
 * `onChanged` only after a reply whose description is 'Password changed'. The specification
 * shows no message for a failed reset (nor for a link without id and token): the form just
 * becomes usable again.
 */
export function NewPasswordForm({ link, onChanged }: { link: EmailLink | null; onChanged: () => void }) {
  const onSubmit = async (values: ResetPasswordForm) => {
    if (!link) return;
    try {
      const reply = await resetPassword(link.id, link.token, {
        password: values.password,
        confirm_password: values.confirm_password,
      });
      if (reply.description === PASSWORD_CHANGED) onChanged();
    } catch {
      // No message by specification (section 8); the button is enabled again.
    }
  };

  return (
    <Form<ResetPasswordForm>
      onSubmit={onSubmit}
      validate={(values) => withMismatch(validateForm(ResetPasswordForm, values), values, RESET_MISMATCH)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <FinalPasswordField name="password" label="New password" autoComplete="new-password" />
          <FinalPasswordField name="confirm_password" label="Confirm password" autoComplete="new-password" />
          <Button type="submit" busy={submitting}>
            Continue
          </Button>
        </form>
      )}
    />
  );
}
