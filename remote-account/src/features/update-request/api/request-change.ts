import { useMutation } from '@tanstack/react-query';
import { client, unwrap, useInvalidate, type components } from '@pod/shared-contracts';
import type { RequestChangeBody } from '../update-values';

/** The answer of PUT /user/requestchange: `statusCode` 200 means stored for review. */
export type RequestChangeResult = components['schemas']['StatusDescription'];

/**
 * Sends an update request for admin review (PUT /user/requestchange); it replaces a pending
 * one. Throws ApiError on an HTTP failure (400 `VALIDATION` with the first failing field's
 * message) and the fetch error itself when the network fails.
 */
export async function requestChange(body: RequestChangeBody): Promise<RequestChangeResult> {
  return unwrap(await client.PUT('/user/requestchange', { body }));
}

/**
 * {@link requestChange} as a mutation. A stored request changes the user (user_confirmation 1
 * and its pending_changes), so success refreshes the user for every remote ('userChanged').
 */
export function useRequestChange() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: requestChange,
    // Not awaited: the success dialog does not wait for the user to be read again.
    onSuccess: (result) => {
      if (Number(result.statusCode) === 200) void invalidate('userChanged');
    },
  });
}
