import { useState } from 'react';
import { alertMessage, Card, raiseAlert, useCurrentUser, useInvalidate } from '@pod/shared-contracts';
import { setLoginNotifications } from './api/set-login-notifications';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';
import { SwitchField } from './switch-field';

export const TWO_FACTOR_ON_NOTICE = 'Two-factor authentication is on.';
export const LOGIN_NOTIFICATIONS_ON_NOTICE =
  'Login notifications are on: we will e-mail you whenever your account is signed in to from a new browser.';
export const LOGIN_NOTIFICATIONS_OFF_NOTICE = 'Login notifications are off.';

/**
 * The profile's security settings (issue 15): two-factor sign-in (turned on through a set-up
 * dialog confirmed with a code, off with the password) and login notifications (saved at
 * once). Both switches show the stored user; every change re-reads it (`userChanged`).
 * Rendered by routes/profile.tsx.
 */
export function SecuritySettings() {
  const user = useCurrentUser();
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const [enabled, setEnabled] = useState(false);
  /** The choice being saved, shown until the answer comes. */
  const [savingNotifications, setSavingNotifications] = useState<boolean | null>(null);

  const twoFactorOn = user?.two_factor_enabled === true;
  // An account stored before the setting existed has it on (the server's default).
  const notificationsOn = savingNotifications ?? user?.login_notifications !== false;

  const saveNotifications = async (on: boolean) => {
    setSavingNotifications(on);
    try {
      await setLoginNotifications(on);
      await invalidate('userChanged');
      raiseAlert({ variant: 'success', message: on ? LOGIN_NOTIFICATIONS_ON_NOTICE : LOGIN_NOTIFICATIONS_OFF_NOTICE });
    } catch (error) {
      raiseAlert({ variant: 'danger', message: alertMessage(error) });
    } finally {
      setSavingNotifications(null);
    }
  };

  const closeEnable = () => {
    setDialog(null);
    if (enabled) raiseAlert({ variant: 'success', message: TWO_FACTOR_ON_NOTICE });
    setEnabled(false);
  };

  return (
    <Card title="Security">
      <SwitchField
        label="Two-factor authentication"
        hint="Sign-in asks for a code from an authenticator app on your phone after your password."
        checked={twoFactorOn}
        onChange={(on) => setDialog(on ? 'enable' : 'disable')}
      />
      <SwitchField
        label="Login notifications"
        hint="We e-mail you when your account is signed in to from a browser it has not used before."
        checked={notificationsOn}
        busy={savingNotifications !== null}
        onChange={(on) => void saveNotifications(on)}
      />
      {dialog === 'enable' ? (
        <EnableTwoFactorDialog
          onClose={closeEnable}
          onEnabled={() => {
            setEnabled(true);
            void invalidate('userChanged');
          }}
        />
      ) : null}
      {dialog === 'disable' ? (
        <DisableTwoFactorDialog
          onClose={() => setDialog(null)}
          onDisabled={(description) => {
            setDialog(null);
            void invalidate('userChanged');
            raiseAlert({ variant: 'success', message: description });
          }}
        />
      ) : null}
    </Card>
  );
}
