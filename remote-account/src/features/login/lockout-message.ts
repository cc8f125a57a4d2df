/**
 * The one wording of a sign-in lock (429 from POST /authO/login). The wait comes from the
 * answer's Retry-After; without one the server's window (15 minutes) is not assumed.
 */
export function signInLockedMessage(retryAfterSeconds: number | undefined): string {
  const wait =
    retryAfterSeconds === undefined
      ? 'a few minutes'
      : retryAfterSeconds <= 60
        ? '1 minute'
        : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `Too many sign-in attempts. Please wait ${wait} and try again, or reset your password.`;
}
