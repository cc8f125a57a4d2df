import { useEffect, useId, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { AlertBar, alertMessage, Button, Modal, Spinner } from '@pod/shared-contracts';
import { FinalTextField } from '@pod/shared-contracts/final-fields';
import { enableTwoFactor } from './api/enable-two-factor';
import { setupTwoFactor, type TwoFactorSetup } from './api/setup-two-factor';
import styles from './security.module.css';

type Phase =
  | { step: 'loading' }
  | { step: 'scan'; setup: TwoFactorSetup }
  | { step: 'codes'; recoveryCodes: string[] }
  | { step: 'failed'; message: string };

interface CodeValues {
  code?: string;
}

export interface EnableTwoFactorDialogProps {
  /** Closes the dialog (Cancel, Escape, Done). */
  onClose: () => void;
  /** Two-factor is on (the recovery codes are on screen until Done). */
  onEnabled: () => void;
}

/** The QR code as an image: the SVG the API drew, as a data URL (the portal's img-src allows data:). */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * 'Set up two-factor authentication': asks the API for a new pending secret when it opens,
 * shows it as a QR code and as a setup key, confirms it with a code from the app, then shows
 * the recovery codes once. Rendered only while open.
 */
export function EnableTwoFactorDialog({ onClose, onEnabled }: EnableTwoFactorDialogProps) {
  const [phase, setPhase] = useState<Phase>({ step: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const keyLabelId = useId();

  useEffect(() => {
    // Once per opening, StrictMode's second effect run included: each setup replaces the secret.
    if (started.current) return;
    started.current = true;
    setupTwoFactor().then(
      (setup) => setPhase({ step: 'scan', setup }),
      (failure: unknown) => setPhase({ step: 'failed', message: alertMessage(failure) }),
    );
  }, []);

  const confirm = async (values: CodeValues) => {
    setError(null);
    try {
      const recoveryCodes = await enableTwoFactor(values.code?.trim() ?? '');
      setPhase({ step: 'codes', recoveryCodes });
      onEnabled();
    } catch (failure) {
      setError(alertMessage(failure));
    }
  };

  return (
    <Modal open title="Set up two-factor authentication" onClose={onClose}>
      {phase.step === 'loading' ? <Spinner label="Preparing your setup key" /> : null}
      {phase.step === 'failed' ? (
        <>
          <AlertBar variant="danger" message={phase.message} className={styles.message} />
          <div className={styles.actions}>
            <Button onClick={onClose}>Close</Button>
          </div>
        </>
      ) : null}
      {phase.step === 'scan' ? (
        <>
          <p>
            Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
            1Password), then enter the 6-digit code it shows.
          </p>
          <img
            className={styles.qr}
            src={svgDataUrl(phase.setup.qrSvg)}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
          />
          <span id={keyLabelId} className={styles.keyLabel}>
            Setup key
          </span>
          {/* Read-only text a user can select and type into an app that cannot scan. */}
          <div role="textbox" aria-readonly="true" aria-labelledby={keyLabelId} tabIndex={0} className={styles.key}>
            {phase.setup.secret}
          </div>
          {error ? <AlertBar variant="danger" message={error} className={styles.message} /> : null}
          <Form<CodeValues>
            onSubmit={confirm}
            validate={(values) =>
              values.code?.trim() ? {} : { code: 'Please enter the code from your authenticator app' }
            }
            render={({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate>
                <FinalTextField
                  name="code"
                  label="Authentication code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  spellCheck={false}
                />
                <div className={styles.actions}>
                  <Button variant="secondary" onClick={onClose}>
                    Cancel
                  </Button>
                  <Button type="submit" busy={submitting}>
                    Confirm
                  </Button>
                </div>
              </form>
            )}
          />
        </>
      ) : null}
      {phase.step === 'codes' ? (
        <>
          <p>
            Two-factor authentication is on. Save these recovery codes somewhere safe: if you lose your phone, each one
            signs you in once instead of a code. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className={styles.codes}>
            {phase.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button onClick={onClose}>Done</Button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
