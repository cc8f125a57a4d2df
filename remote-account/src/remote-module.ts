// Compile-time proof that the exposed `./App` keeps the host/remote contract.
import type { RemoteModule } from '@pod/shared-contracts';
import App from './app';

export const remoteModule: RemoteModule = { default: App };
