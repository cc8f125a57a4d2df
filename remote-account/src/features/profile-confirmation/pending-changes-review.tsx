import { Card, DetailsList } from '@pod/shared-contracts';
import type { ReviewSection } from './pending-changes';
import styles from './profile-confirmation.module.css';

/** The pending changes, one card per section (person, bank, publisher), as label/value rows. */
export function PendingChangesReview({ sections }: { sections: ReviewSection[] }) {
  return (
    <div className={styles.sections}>
      {sections.map((section) => (
        <Card key={section.title} title={section.title}>
          <DetailsList items={section.items} />
        </Card>
      ))}
    </div>
  );
}
