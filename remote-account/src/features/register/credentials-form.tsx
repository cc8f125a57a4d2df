import { Field, Form } from 'react-final-form';
import {
  Button,
  REGISTRATION_MESSAGES,
  RegisterCredentialsForm,
  TextField,
  validateForm,
  Link,
} from '@pod/shared-contracts';
import { FinalPasswordField } from '@pod/shared-contracts/final-fields';
import { withMismatch } from '../../lib/password-match';
import { EMAIL_TAKEN_MESSAGE, PASSWORDS_DONT_MATCH } from './messages';
import { PasswordHintList } from './password-hint-list';
import styles from './register.module.css';

/** Props of {@link CredentialsForm}. */
export interface CredentialsFormProps {
  /** Values to start from: those kept in memory when the user comes back from step 2. */
  initialValues?: Partial<RegisterCredentialsForm>;
  /** An e-mail the API has just refused as registered (query `e` after U30). */
  takenEmail?: string;
  /** Called with valid values; the caller keeps them in memory and moves to step 2. */
  onContinue: (values: RegisterCredentialsForm) => void;
}

const sameEmail = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Registration step 1: Email, Password (with the live hint list) and Confirm password
 * (with the live 'Passwords don't match' note). Messages come from RegisterCredentialsForm
 * and show once a field is touched or the form submitted. While the e-mail is the one the
 * API refused, the U30 message stays on the Email field and blocks Continue.
 */
export function CredentialsForm({ initialValues, takenEmail, onContinue }: CredentialsFormProps) {
  const validate = (values: Partial<RegisterCredentialsForm>) => {
    const errors = withMismatch(validateForm(RegisterCredentialsForm, values), values, REGISTRATION_MESSAGES.mismatch);
    // The server compares e-mails case-insensitively, so a change of case is no new address.
    if (takenEmail && sameEmail(values.email, takenEmail)) errors.email = EMAIL_TAKEN_MESSAGE;
    return errors;
  };

  return (
    <Form<RegisterCredentialsForm>
      onSubmit={(values) => onContinue({ ...values, email: values.email.trim() })}
      initialValues={initialValues}
      validate={validate}
      render={({ handleSubmit, values }) => {
        const mismatch = Boolean(values.confirm_password) && values.confirm_password !== values.password;
        return (
          <form onSubmit={handleSubmit} noValidate>
            <Field<string> name="email">
              {({ input, meta }) => {
                const taken = meta.error === EMAIL_TAKEN_MESSAGE;
                return (
                  <>
                    <TextField
                      {...input}
                      type="email"
                      label="Email"
                      autoComplete="email"
                      error={(meta.touched || taken) && meta.error}
                    />
                    {taken ? (
                      <p className={styles.takenLink}>
                        <Link to="/login">Go to login</Link>
                      </p>
                    ) : null}
                  </>
                );
              }}
            </Field>
            <FinalPasswordField name="password" label="Password" autoComplete="new-password" />
            <PasswordHintList password={values.password ?? ''} />
            <FinalPasswordField name="confirm_password" label="Confirm password" autoComplete="new-password" />
            <div role="status">{mismatch ? <p className={styles.note}>{PASSWORDS_DONT_MATCH}</p> : null}</div>
            <Button type="submit">Continue</Button>
          </form>
        );
      }}
    />
  );
}
