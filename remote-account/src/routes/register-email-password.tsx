import { useState } from 'react';
import { Link, Navigate, useSearchParams } from '@pod/shared-contracts';
import { authPageStyles as styles } from '../components/auth-page';
import { CredentialsForm } from '../features/register/credentials-form';
import { RegistrationProgress } from '../features/register/registration-progress';
import { useRegistrationDraft } from './register';

/**
 * `/register/email-password` (step 1). Opened with `?e={email}` after the API answered U30:
 * the e-mail is prefilled and marked as already registered.
 */
export function RegisterEmailPasswordScreen() {
  const { credentials, saveCredentials } = useRegistrationDraft();
  const [params] = useSearchParams();
  const [continued, setContinued] = useState(false);
  const takenEmail = params.get('e')?.trim() || undefined;

  // Navigates after the commit rather than inside the submit event: a router transition
  // started during a submit makes React 19 snapshot the form as FormData for useFormStatus,
  // which the shared jest environment (Node's FormData over jsdom) cannot build.
  if (continued) return <Navigate to="/register/your-details" />;

  return (
    <>
      <h1>Register</h1>
      <RegistrationProgress step={1} />
      <h2>Email and password</h2>
      <CredentialsForm
        initialValues={{
          email: takenEmail ?? credentials?.email ?? '',
          password: credentials?.password ?? '',
          confirm_password: credentials?.confirm_password ?? '',
        }}
        takenEmail={takenEmail}
        onContinue={(values) => {
          saveCredentials(values);
          setContinued(true);
        }}
      />
      <p className={styles.links}>
        <span>
          Already registered? <Link to="/login">Login</Link>
        </span>
      </p>
    </>
  );
}
