import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import {
  alertMessage,
  ApiError,
  Button,
  buttonClassName,
  findLegalDocument,
  loadCurrentUser,
  raiseAlert,
  RegisterDetailsForm,
  setTokens,
  validateForm,
  type LegalDocument,
  type RegisterCredentialsForm,
  Link,
  useNavigate,
} from '@pod/shared-contracts';
import { FinalTextField } from '@pod/shared-contracts/final-fields';
import { LegalDocumentViewer } from '../../components/legal-document-viewer';
import { addUser } from './api/add-user';
import { CheckboxField } from './checkbox-field';
import { TERMS_LABEL } from './messages';
import styles from './register.module.css';

/** True for the API's "this e-mail is already registered" answer. */
function isEmailTaken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'U30';
}

/** The two documents the Terms & Privacy box refers to (GET /legal/{document}, public). */
const TERMS = findLegalDocument('terms-and-conditions')!;
const PRIVACY = findLegalDocument('privacy-policy')!;

/**
 * Registration step 2: First name, Last name and the Terms & Privacy box, then Register. The
 * box's documents open in the PDF viewer from the 'Terms and Conditions' and 'Privacy Policy'
 * buttons under it (the same documents as /support).
 * Sends both steps to POST /user/adduser. Success stores the tokens, loads the user (best
 * effort) and goes to /register/welcome; U30 goes back to step 1 with `?e=`; any other
 * failure raises a danger alert.
 */
export function DetailsForm({ credentials }: { credentials: RegisterCredentialsForm }) {
  const navigate = useNavigate();
  const [reading, setReading] = useState<LegalDocument | null>(null);

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
    <>
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
            <p className={styles.termsLinks}>
              Read our{' '}
              <Button variant="link" onClick={() => setReading(TERMS)}>
                {TERMS.title}
              </Button>{' '}
              and our{' '}
              <Button variant="link" onClick={() => setReading(PRIVACY)}>
                {PRIVACY.title}
              </Button>
              .
            </p>
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
      <LegalDocumentViewer document={reading} onClose={() => setReading(null)} />
    </>
  );
}
