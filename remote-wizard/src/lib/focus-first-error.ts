/**
 * After a Continue that failed validation, brings the first field with a message into view and
 * focuses it (new-book-wizard.md section 5: "scroll to first error"). Runs once the messages are
 * on screen (the next frame), finding them by `aria-invalid`, in the order of the form.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  if (!form) return;
  const run = () => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView?.({ block: 'center' });
    first.focus({ preventScroll: true });
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 0);
}
