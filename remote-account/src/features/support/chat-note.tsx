import styles from './support.module.css';

/**
 * Where help is found (spec: Screens 'Support', "a note directs users to the dashboard chat"):
 * the floating chat button, which the shell hides on /support itself.
 */
export function ChatNote() {
  return <p className={styles.note}>Need help? Chat with us using the chat button on the dashboard.</p>;
}
