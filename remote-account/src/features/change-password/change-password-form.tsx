import { Form } from 'react-final-form';
import {
  Button,
  ChangePasswordForm,
  dismissAlertByKey,
  logout,
  PASSWORD_SPECIAL_CHARACTERS,
  raiseAlert,
  validateForm,
} from '@pod/shared-contracts';
import { FinalPasswordField } from '@pod/shared-contracts/final-fields';
import { withMismatch } from '../../lib/password-match';
import { changePassword } from './api/change-password';

/** The reply description that means the password was changed (account-area.md section 4). */
export const PASSWORD_CHANGED = 'Password changed';
/** What /login shows after the change (the user is logged out by then). */
export const PASSWORD_CHANGED_NOTICE = 'Your password was changed successfully';
/** The title of the danger alert for any other outcome (spec section 8). */
export const CHANGE_FAILED_TITLE = 'An error occurred';
/** Change password's mismatch message (capital 'P', unlike reset's). */
const MISMATCH = 'Passwords must match';
/** The cause key of the failure alert: one on screen at a time, gone when the user tries again. */
const FAILURE_KEY = 'change-password:failed';
/** The hint as the specification quotes it; the rule in full follows it. */
export const PASSWORD_HINT = 'Password must be at least 8 characters long...';
/** The reset and change rule (spec section 5) in words, after the quoted hint. */
const PASSWORD_RULE_IN_FULL = `It needs a lowercase letter, an uppercase letter and a special character (${PASSWORD_SPECIAL_CHARACTERS}); with a digit as well, 6 characters are enough.`;

/**
 * 'New password' (with the hint) and 'Confirm new password', both with show/hide, then
 * 'Change password'. ChangePasswordForm's messages: 'Please enter a new password', 'Please
 * confirm your new password', 'Passwords must match' and the strength sentence, the last two on
 * the confirmation field. PUT /user/pwd: the description 'Password changed' logs the user out
 * and /login shows 'Your password was changed successfully'; any other description or a failure
 * raises the danger alert 'An error occurred' with the server's description.
 */
export function ChangePasswordFormView() {
  const fail = (message: unknown) =>
    raiseAlert({ variant: 'danger', title: CHANGE_FAILED_TITLE, message, key: FAILURE_KEY });

  const onSubmit = async (values: ChangePasswordForm) => {
    dismissAlertByKey(FAILURE_KEY);
    let description: string;
    try {
      description = (await changePassword({ password: values.password, confirm_password: values.confirm_password }))
        .description;
    } catch (error) {
      fail(error);
      return;
    }
    if (description === PASSWORD_CHANGED) {
      await logout({ notice: { variant: 'success', message: PASSWORD_CHANGED_NOTICE } });
    } else {
      fail(description);
    }
  };

  return (
    <Form<ChangePasswordForm>
      onSubmit={onSubmit}
      validate={(values) => withMismatch(validateForm(ChangePasswordForm, values), values, MISMATCH)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <FinalPasswordField
            name="password"
            label="New password"
            autoComplete="new-password"
            hint={
              <>
                <span>{PASSWORD_HINT}</span> <span>{PASSWORD_RULE_IN_FULL}</span>
              </>
            }
          />
          <FinalPasswordField name="confirm_password" label="Confirm new password" autoComplete="new-password" />
          <Button type="submit" busy={submitting}>
            Change password
          </Button>
        </form>
      )}
    />
  );
}
