import { Field, Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import {
  alertMessage,
  ApiError,
  Button,
  buttonClassName,
  FinalTextField,
  loadCurrentUser,
  raiseAlert,
  RegisterDetailsForm,
  setTokens,
  validateForm,
  type RegisterCredentialsForm,
} from '@pod/shared-contracts';
import { addUser } from './api/add-user';
import { CheckboxField } from './checkbox-field';
import { TERMS_LABEL } from './messages';
import styles from './register.module.css';

/** True for the API's "this e-mail is already registered" answer. */
function isEmailTaken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'U30';
}

/**
 * Registration step 2: First name, Last name and the Terms & Privacy box, then Register.
 * Sends both steps to POST /user/adduser. Success stores the tokens, loads the user (best
 * effort) and goes to /register/welcome; U30 goes back to step 1 with `?e=`; any other
 * failure raises a danger alert.
 */
export function DetailsForm({ credentials }: { credentials: RegisterCredentialsForm }) {
  const navigate = useNavigate();

  const onSubmit = async (values: RegisterDetailsForm) => {
    const email = credentials.email.trim();
    try {
      const session = await addUser({
        username: email,
        email,
        password: credentials.password,
        confirm_password: credentials.confirm_password,
        name_first: values.name_first.trim(),
        name_last: values.name_last.trim(),
      });
      setTokens({ accessToken: session.accessToken, refreshToken: session.refreshToken });
      try {
        await loadCurrentUser();
      } catch {
        // Best effort: the account exists and the tokens are stored; the host loads the user again.
      }
      void navigate('/register/welcome');
    } catch (error) {
      if (isEmailTaken(error)) {
        void navigate(`/register/email-password?e=${encodeURIComponent(email)}`);
      } else {
        raiseAlert({ variant: 'danger', message: alertMessage(error) });
      }
    }
  };

  return (
    <Form<RegisterDetailsForm>
      onSubmit={onSubmit}
      validate={(values) => validateForm(RegisterDetailsForm, values)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <FinalTextField name="name_first" label="First name" autoComplete="given-name" />
          <FinalTextField name="name_last" label="Last name" autoComplete="family-name" />
          <Field<boolean> name="terms" type="checkbox">
            {({ input, meta }) => (
              <CheckboxField
                name={input.name}
                checked={Boolean(input.checked)}
                onChange={input.onChange}
                onBlur={input.onBlur}
                onFocus={input.onFocus}
                label={TERMS_LABEL}
                error={meta.touched && meta.error}
              />
            )}
          </Field>
          <div className={styles.actions}>
            <Link className={buttonClassName('secondary')} to="/register/email-password">
              Back
            </Link>
            <Button type="submit" busy={submitting}>
              Register
            </Button>
          </div>
        </form>
      )}
    />
  );
}
