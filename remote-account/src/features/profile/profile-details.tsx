import type { ReactNode } from 'react';
import { Card, DetailsList, formatRand, type User } from '@pod/shared-contracts';
import styles from './profile.module.css';

/** The full name as the profile shows it (blank parts left out). */
export function fullName(user: Pick<User, 'name_first' | 'name_last'>): string {
  return [user.name_first, user.name_last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The profile's card: balance (the shared rand format, 'R 1 234.00'), full name, e-mail and
 * phone, with the actions the screen passes in (the dialogs belong to their own features).
 */
export function ProfileDetails({ user, actions }: { user: User; actions: ReactNode }) {
  return (
    <Card title="Your details" size="spacious">
      <DetailsList
        items={[
          { label: 'Balance', value: formatRand(user.balance ?? 0) },
          { label: 'Full name', value: fullName(user) },
          { label: 'E-mail', value: user.email },
          { label: 'Phone number', value: user.phone_main?.trim() || 'Not given' },
        ]}
      />
      <div className={styles.actions}>{actions}</div>
    </Card>
  );
}
