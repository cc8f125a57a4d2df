import { useMemo } from 'react';
import { useDocumentTitle, useSearchParams } from '@pod/shared-contracts';
import { AuthPage } from '../components/auth-page';
import { parseEmailLink } from '../lib/email-link';
import { useAccountVerification } from '../features/verify/use-account-verification';
import { VerificationResult } from '../features/verify/verification-result';

/** `/verify?id=&token=`: follows the e-mailed verification link (account-area.md, Screens: Verify). */
export function VerifyScreen() {
  useDocumentTitle('Verify account');
  const [params] = useSearchParams();
  const link = useMemo(() => parseEmailLink(params), [params]);
  const state = useAccountVerification(link);
  return (
    <AuthPage>
      <h1>Verify account</h1>
      <VerificationResult state={state} />
    </AuthPage>
  );
}
