/**
 * The profile's security settings: two-factor sign-in and login notifications (issue 15).
 * Rendered by routes/profile.tsx; built in features/security.
 */
export function SecuritySettings() {
  return null;
}
