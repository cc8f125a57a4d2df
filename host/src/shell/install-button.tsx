import { Button } from '@pod/shared-contracts';
import { promptInstall, useInstallPrompt } from '../pwa/install-prompt';

/** 'Install': present only while the browser offers to install the portal. */
export function InstallButton() {
  const prompt = useInstallPrompt();
  if (!prompt) return null;
  return (
    <Button variant="secondary" onClick={() => void promptInstall()}>
      Install
    </Button>
  );
}
