import { useCallback, useRef, useState } from 'react';
import { alertMessage, useInvalidate } from '@pod/shared-contracts';
import { uploadBook, type BookUploadPayload, type UploadBookAnswer } from './api/upload-book';
import { uploadBookAudio } from './api/upload-book-audio';
import { uploadBookEbook } from './api/upload-book-ebook';
import type { BookFormat } from './file-rules';

const SUBMIT: Record<BookFormat, (body: BookUploadPayload) => Promise<UploadBookAnswer>> = {
  print: uploadBook,
  ebook: uploadBookEbook,
  audiobook: uploadBookAudio,
};

/** What the Continue button needs: submit, whether it runs, and the last failure's text. */
export interface SubmitUpload {
  submit: (payload: BookUploadPayload) => Promise<void>;
  submitting: boolean;
  error: string | null;
}

/**
 * POST /user/uploadbook{suffix} for the format (print: no suffix, ebook, audio). statusCode 0
 * refreshes the books, the cart (the top bar's count) and the user, then calls `onSubmitted`;
 * anything else keeps the screen with the server's message (the spec's fallback for 'Internal
 * server error' or none). One call at a time, none after a success.
 */
export function useSubmitUpload(format: BookFormat, onSubmitted: () => void): SubmitUpload {
  const invalidate = useInvalidate();
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = useCallback(
    async (payload: BookUploadPayload) => {
      if (running.current) return;
      running.current = true;
      setSubmitting(true);
      setError(null);
      try {
        const answer = await SUBMIT[format](payload);
        if (answer.statusCode === 0 || answer.statusCode === '0') {
          void invalidate('filesUploaded');
          onSubmitted();
          return;
        }
        setError(alertMessage(answer.description));
      } catch (failure) {
        setError(alertMessage(failure));
      }
      running.current = false;
      setSubmitting(false);
    },
    [format, invalidate, onSubmitted],
  );

  return { submit, submitting, error };
}
