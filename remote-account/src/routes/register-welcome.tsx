import { useEffect, useState } from 'react';
import { buttonClassName, formatRand, WELCOME_CREDIT, Link } from '@pod/shared-contracts';
import { authPageStyles as styles } from '../components/auth-page';
import { RegistrationProgress } from '../features/register/registration-progress';
import { useRegistrationDraft } from './register';

/**
 * `/register/welcome` (step 3): announces the welcome credit and the activation e-mail,
 * then continues to the wizard. The password kept for step 2 is dropped here.
 */
export function RegisterWelcomeScreen() {
  const { credentials, forget } = useRegistrationDraft();
  const [email] = useState(credentials?.email);

  useEffect(() => {
    forget();
  }, [forget]);

  return (
    <>
      <h1>Welcome</h1>
      <RegistrationProgress step={3} />
      <p>Your account has been created.</p>
      <p>We have added a welcome credit of {formatRand(WELCOME_CREDIT)} to your account.</p>
      <p>
        Please activate your account by following the link we have e-mailed to{' '}
        {email ? <strong>{email}</strong> : 'you'}.
      </p>
      <p className={styles.actions}>
        <Link className={buttonClassName('primary')} to="/new-book/general-info">
          Get started
        </Link>
      </p>
    </>
  );
}
