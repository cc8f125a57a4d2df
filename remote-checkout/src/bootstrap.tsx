// Standalone mode (`pnpm --filter remote-checkout dev`): the remote's App in a minimal shell, on the
// real session against the API through the dev server's /api proxy. The host never loads this.
import { mountStandalone } from '@pod/shared-contracts';
import App from './app';

mountStandalone(App);
