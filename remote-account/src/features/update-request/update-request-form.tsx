import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import type { FormApi } from 'final-form';
import {
  ApiError,
  Button,
  isQueuedOffline,
  LIMITS,
  PUBLISHER_FIELDS,
  raiseAlert,
  UpdateRequest,
  validateForm,
  type User,
  useNavigate,
} from '@pod/shared-contracts';
import { useRequestChange } from './api/request-change';
import { BankSection } from './bank-fields';
import { ConfirmRequestDialog } from './confirm-request-dialog';
import { fieldOfMessage } from './field-of-message';
import { PersonFields, PublisherSection } from './person-publisher-fields';
import { flattenErrors, ShownErrorsProvider, type ShownErrors } from './shown-errors';
import { FailedDialog, OverwriteDialog, SEND_ERROR_MESSAGE, SentDialog, WaitDialog } from './status-dialogs';
import {
  hasPendingRequest,
  readSavedDetails,
  toRequest,
  type RequestChangeBody,
  type UpdateRequestValues,
} from './update-values';
import styles from './update-request.module.css';

/** Where the form is between Update and the answer. */
type Step =
  | { kind: 'editing' }
  | { kind: 'overwrite' }
  | { kind: 'validating' }
  | { kind: 'confirming'; request: RequestChangeBody }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed' };

const EDITING: Step = { kind: 'editing' };
/** The form's names of the publisher fields (an error there opens Publisher Details). */
const PUBLISHER_FIELD_NAMES = new Set<string>(PUBLISHER_FIELDS.map((field) => `bankInfo.${field}`));

/**
 * The Update Request (account-area.md: Screens, sections 4, 5, 8, 9). Update (after the
 * overwrite warning when a request is pending) validates 200 ms later with the shared
 * `UpdateRequest` struct, on the request exactly as it would be sent. A failure shows every
 * message, scrolls to the first (the top of the page for the person's fields) and focuses it;
 * success opens the confirmation, whose Proceed sends PUT /user/requestchange behind a wait
 * dialog, then the success dialog and /profile 2 s later, or 'Request failed', or (no answer)
 * the alert 'Error sending request to admin.'. A server 400 shows its message on its field.
 */
export function UpdateRequestForm({ user }: { user: User }) {
  // Read once: a refresh of the user while the form is open must not wipe what was typed.
  const [saved] = useState(() => readSavedDetails(user));
  const pending = hasPendingRequest(user);
  const navigate = useNavigate();
  const { mutateAsync } = useRequestChange();
  const [step, setStep] = useState<Step>(EDITING);
  const [errors, setErrors] = useState<ShownErrors>({});
  const [publisherOpen, setPublisherOpen] = useState(false);
  const [overwriteAccepted, setOverwriteAccepted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formElement = useRef<HTMLFormElement>(null);
  const formApi = useRef<FormApi<UpdateRequestValues> | null>(null);
  const focusingByForm = useRef<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach(clearTimeout);
  }, []);
  const later = (run: () => void, ms: number) => {
    timers.current.push(setTimeout(run, ms));
  };

  const showErrors = useCallback((shown: Record<string, string>) => {
    setErrors(shown);
    if (Object.keys(shown).some((name) => PUBLISHER_FIELD_NAMES.has(name))) setPublisherOpen(true);
    setFocusRequest((count) => count + 1);
  }, []);

  // After the messages are on screen (and Publisher Details opened): the first one in the
  // form's order is scrolled to and focused. The person's fields sit under the page heading,
  // so for them the page goes back to its top.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formElement.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
    if (!first) return;
    if (first.name.startsWith('pendingUserChanges.')) window.scrollTo({ top: 0 });
    else first.scrollIntoView?.({ block: 'center' });
    focusingByForm.current = first.name;
    first.focus({ preventScroll: true });
    focusingByForm.current = null;
  }, [focusRequest]);

  const shownErrors = useMemo(
    () => ({
      errors,
      onFieldFocus: (name: string) => {
        if (focusingByForm.current === name) return;
        setErrors((current) => {
          if (!(name in current)) return current;
          const rest = { ...current };
          delete rest[name];
          return rest;
        });
      },
    }),
    [errors],
  );

  const validateLater = () => {
    setStep({ kind: 'validating' });
    later(() => {
      const values = formApi.current?.getState().values;
      const request = toRequest(values ?? saved.initialValues);
      const failed = validateForm(UpdateRequest, request);
      if (failed) {
        showErrors(flattenErrors(failed));
        setStep(EDITING);
        return;
      }
      setErrors({});
      setStep({ kind: 'confirming', request });
    }, LIMITS.updateValidationDelayMs);
  };

  const onUpdate = (_values: UpdateRequestValues, form: FormApi<UpdateRequestValues>) => {
    formApi.current = form;
    if (step.kind !== 'editing') return;
    if (pending && !overwriteAccepted) setStep({ kind: 'overwrite' });
    else validateLater();
  };

  const send = async (request: RequestChangeBody) => {
    setStep({ kind: 'sending' });
    try {
      const result = await mutateAsync(request);
      if (Number(result.statusCode) !== 200) {
        setStep({ kind: 'failed' });
        return;
      }
      setStep({ kind: 'sent' });
      later(() => void navigate('/profile'), LIMITS.successRedirectMs);
    } catch (error) {
      // Queued offline: not a failure; the queued alert says it will be sent when back online.
      if (isQueuedOffline(error)) {
        setStep(EDITING);
        return;
      }
      if (error instanceof ApiError && error.status > 0) {
        if (error.status === 401) {
          // The session's business: it refreshed and retried, or it is signing the user out.
          setStep(EDITING);
        } else if (error.status === 400) {
          setStep(EDITING);
          const field = fieldOfMessage(error.message);
          if (field) showErrors({ [field]: error.message });
          else raiseAlert({ variant: 'danger', message: error });
        } else {
          setStep({ kind: 'failed' });
        }
        return;
      }
      setStep(EDITING);
      raiseAlert({ variant: 'danger', message: SEND_ERROR_MESSAGE });
    }
  };

  return (
    <ShownErrorsProvider value={shownErrors}>
      <Form<UpdateRequestValues>
        onSubmit={onUpdate}
        initialValues={saved.initialValues}
        subscription={{}}
        render={({ handleSubmit }) => (
          <form ref={formElement} className={styles.form} onSubmit={handleSubmit} noValidate>
            <PersonFields />
            <BankSection endings={saved.endings} />
            <PublisherSection expanded={publisherOpen} onToggle={() => setPublisherOpen((open) => !open)} />
            <div className={styles.actions}>
              {/* Not disabled while the 200 ms pass: focus stays on it; a second press is ignored. */}
              <Button type="submit" aria-busy={step.kind === 'validating' || undefined}>
                Update
              </Button>
            </div>
          </form>
        )}
      />
      <OverwriteDialog
        open={step.kind === 'overwrite'}
        onCancel={() => setStep(EDITING)}
        onContinue={() => {
          setOverwriteAccepted(true);
          validateLater();
        }}
      />
      <ConfirmRequestDialog
        request={step.kind === 'confirming' ? step.request : null}
        onCancel={() => setStep(EDITING)}
        onProceed={(request) => void send(request)}
      />
      <WaitDialog open={step.kind === 'sending'} />
      <SentDialog open={step.kind === 'sent'} onClose={() => void navigate('/profile')} />
      <FailedDialog open={step.kind === 'failed'} onClose={() => setStep(EDITING)} />
    </ShownErrorsProvider>
  );
}
