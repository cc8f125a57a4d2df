import { useId, type ReactNode } from 'react';
import { cx } from './class-names';
import styles from './card.module.css';

/** Props of {@link Card}. */
export interface CardProps {
  /** The heading; when given it also names the card (aria-labelledby). */
  title?: ReactNode;
  /** The heading's level, to fit the page's outline (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** The landmark or sectioning element (default `section`). */
  as?: 'section' | 'article' | 'nav' | 'div';
  /** `spacious` for a card that stands alone on a page, `compact` for one of a list. */
  size?: 'compact' | 'spacious';
  /** The heading's id, when something else must point at it; generated otherwise. */
  titleId?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A surface on the page background: a rounded, shadowed box with an optional heading that
 * names it. One definition instead of the same card rule in every remote's CSS Module.
 */
export function Card({
  title,
  headingLevel = 2,
  as: Element = 'section',
  size = 'compact',
  titleId,
  className,
  children,
}: CardProps) {
  const generatedId = useId();
  const headingId = title ? (titleId ?? generatedId) : undefined;
  const Heading = `h${headingLevel}` as const;
  return (
    <Element className={cx(styles.card, styles[size], className)} aria-labelledby={headingId}>
      {title ? (
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
      ) : null}
      {children}
    </Element>
  );
}
