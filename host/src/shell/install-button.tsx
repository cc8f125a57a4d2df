import { Button } from '@pod/shared-contracts';
import { promptInstall, useInstallPrompt } from '../pwa/install-prompt';
import { useMediaQuery } from './use-media-query';

/** Matches inside the installed app (the manifest's `display: standalone`). */
export const STANDALONE_QUERY = '(display-mode: standalone)';

/**
 * 'Install': present only while the browser offers to install the portal (Chromium's
 * `beforeinstallprompt`; browsers without it never show the button), and never inside the
 * installed app. It goes once used and after `appinstalled`.
 */
export function InstallButton() {
  const prompt = useInstallPrompt();
  const installed = useMediaQuery(STANDALONE_QUERY);
  if (!prompt || installed) return null;
  return (
    <Button variant="secondary" onClick={() => void promptInstall()}>
      Install
    </Button>
  );
}
