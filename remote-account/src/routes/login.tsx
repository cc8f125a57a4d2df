import { useDocumentTitle, Link } from '@pod/shared-contracts';
import { AuthPage, authPageStyles as styles } from '../components/auth-page';
import { SignInForm } from '../features/login/sign-in-form';

/** `/login`: sign in with e-mail and password (account-area.md, Screens: Login). */
export function LoginScreen() {
  useDocumentTitle('Login');
  return (
    <AuthPage>
      <h1>Login</h1>
      <p className={styles.lead}>Sign in to manage your books, orders and royalties.</p>
      <SignInForm />
      <p className={styles.links}>
        <Link to="/forgot-password">Forgot password?</Link>
        <span>
          New here? <Link to="/register">Register</Link>
        </span>
      </p>
    </AuthPage>
  );
}
