import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@pod/shared-contracts';
import { SignInForm } from '../features/login/sign-in-form';
import styles from './login.module.css';

/** `/login`: sign in with e-mail and password (account-area.md, Screens: Login). */
export function LoginScreen() {
  useDocumentTitle('Login');
  return (
    <div className={styles.page}>
      <p className={styles.brand}>Print on Demand</p>
      <div className={styles.card}>
        <h1>Login</h1>
        <p className={styles.lead}>Sign in to manage your books, orders and royalties.</p>
        <SignInForm />
        <p className={styles.links}>
          <Link to="/forgot-password">Forgot password?</Link>
          <span>
            New here? <Link to="/register">Register</Link>
          </span>
        </p>
      </div>
    </div>
  );
}
