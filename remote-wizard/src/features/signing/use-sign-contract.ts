import { useCallback, useRef, useState } from 'react';
import { useInvalidate } from '@pod/shared-contracts';
import { saveUserSignature, type StatusDescription } from './api/save-user-signature';
import { uploadSignature, type SignedContractPayload } from './api/upload-signature';
import { uploadSignatureAppendix } from './api/upload-signature-appendix';

/** The first signing of an upload, or the second (the appendix, after the applicability step). */
export type SigningPass = 'first' | 'second';

/** Spec section 4: the first pass succeeds on statusCode 0, the second on the description 'Successful'. */
export function isSigningSuccess(pass: SigningPass, answer: StatusDescription): boolean {
  return pass === 'first' ? answer.statusCode === 0 || answer.statusCode === '0' : answer.description === 'Successful';
}

/** What the Continue button needs: submit, whether it runs, and whether the last try failed. */
export interface SignContract {
  submit: (payload: SignedContractPayload) => Promise<void>;
  submitting: boolean;
  failed: boolean;
}

/**
 * Sends the signed contract: POST /user/saveusersignature with the signature, then POST
 * /user/uploadsignature (first pass) or /user/uploadsignatureappendix (second pass). One call
 * at a time and none after a success (the page is leaving). A success refreshes the books and
 * the user (the book's stage moved on) and calls `onSigned`; anything else sets `failed`.
 */
export function useSignContract(pass: SigningPass, onSigned: () => void): SignContract {
  const invalidate = useInvalidate();
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = useCallback(
    async (payload: SignedContractPayload) => {
      if (running.current) return;
      running.current = true;
      setSubmitting(true);
      setFailed(false);
      try {
        await saveUserSignature(payload.filedata);
        const answer = pass === 'first' ? await uploadSignature(payload) : await uploadSignatureAppendix(payload);
        if (isSigningSuccess(pass, answer)) {
          void invalidate('contractSigned');
          onSigned();
          return;
        }
        setFailed(true);
      } catch {
        setFailed(true);
      }
      running.current = false;
      setSubmitting(false);
    },
    [invalidate, onSigned, pass],
  );

  return { submit, submitting, failed };
}
