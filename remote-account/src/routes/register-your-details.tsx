import { Navigate } from '@pod/shared-contracts';
import { DetailsForm } from '../features/register/details-form';
import { RegistrationProgress } from '../features/register/registration-progress';
import { useRegistrationDraft } from './register';

/** `/register/your-details` (step 2); without step 1's values it sends the user back to step 1. */
export function RegisterYourDetailsScreen() {
  const { credentials } = useRegistrationDraft();
  if (!credentials) return <Navigate to="/register/email-password" replace />;
  return (
    <>
      <h1>Register</h1>
      <RegistrationProgress step={2} />
      <h2>Your details</h2>
      <DetailsForm credentials={credentials} />
    </>
  );
}
