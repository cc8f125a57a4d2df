import { buttonClassName, Card, cx, Link } from '@pod/shared-contracts';
import styles from './dashboard.module.css';

const SHORTCUTS = [
  { to: '/new-book', label: 'Upload a new book' },
  { to: '/books', label: 'Your books' },
  { to: '/orders', label: 'Your orders' },
  { to: '/support', label: 'Support' },
] as const;

/** The dashboard's shortcuts to the four places authors go most. */
export function Shortcuts() {
  return (
    <Card as="nav" title="Shortcuts" titleId="shortcuts-title" size="spacious">
      <ul className={styles.shortcuts}>
        {SHORTCUTS.map((shortcut) => (
          <li key={shortcut.to}>
            <Link to={shortcut.to} className={cx(buttonClassName('secondary'), styles.shortcut)}>
              {shortcut.label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
