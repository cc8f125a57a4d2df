import styles from './sales.module.css';

/** The Sales page is an empty placeholder in the specification (account-area.md section 2). */
export function SalesPlaceholder() {
  return <p className={styles.placeholder}>There are no sales to show yet.</p>;
}
