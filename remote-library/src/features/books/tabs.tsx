import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '@pod/shared-contracts';
import styles from './books.module.css';

/** One tab of {@link Tabs}. */
export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** Names the tablist. */
  label: string;
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}

/**
 * The WAI-ARIA tabs pattern: a tablist whose selected tab controls one tabpanel; arrow keys,
 * Home and End move between tabs (automatic activation).
 */
export function Tabs<T extends string>({ label, items, selected, onSelect, children, className }: TabsProps<T>) {
  const id = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const index = Math.max(
    0,
    items.findIndex((item) => item.value === selected),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const item = next === null ? undefined : items[next];
    if (!item) return;
    event.preventDefault();
    onSelect(item.value);
    refs.current.get(item.value)?.focus();
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) refs.current.set(item.value, element);
                else refs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel`}
              tabIndex={isSelected ? 0 : -1}
              className={cx(styles.tab, isSelected && styles.tabSelected)}
              onClick={() => onSelect(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${items[index]?.value ?? ''}`}
        tabIndex={0}
        className={styles.tabpanel}
      >
        {children}
      </div>
    </div>
  );
}
