import { type, type Infer } from 'superstruct';
import { required } from './rules';

/** Login form (account-area.md section 5). */
export const LoginForm = type({
  email: required('Please enter your email address'),
  password: required('Please enter your password'),
});
/** Values of the login form. */
export type LoginForm = Infer<typeof LoginForm>;
