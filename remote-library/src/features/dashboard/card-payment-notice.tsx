import { AlertBar } from '@pod/shared-contracts';
import type { CardReturnOutcome } from './use-card-payment-return';
import styles from './dashboard.module.css';

/** The outcome of a card payment, above the dashboard's cards until dismissed. */
export function CardPaymentNotice({
  outcome,
  onDismiss,
}: {
  outcome: CardReturnOutcome | null;
  onDismiss: () => void;
}) {
  if (!outcome) return null;
  return (
    <AlertBar variant={outcome.variant} message={outcome.message} onDismiss={onDismiss} className={styles.cardNotice} />
  );
}
