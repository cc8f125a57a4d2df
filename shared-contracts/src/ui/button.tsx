import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from './class-names';
import styles from './button.module.css';

/** Visual weight of a button: primary (one per view), secondary, danger, or link-styled. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

/** Props of {@link Button}: every native button attribute, plus the variant. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Defaults to 'primary'. */
  variant?: ButtonVariant;
  /** Marks a running action (aria-busy) and disables the button. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The class names of a button of `variant`, for links that look like buttons:
 * `<Link className={buttonClassName('secondary')} to="/books">Your books</Link>`.
 */
export function buttonClassName(variant: ButtonVariant = 'primary'): string {
  return cx(styles.button, styles[variant]);
}

/**
 * A native button. `type` defaults to 'button' so that only an explicit
 * `type="submit"` submits a form.
 */
export function Button({
  variant = 'primary',
  type = 'button',
  busy = false,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={cx(buttonClassName(variant), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
