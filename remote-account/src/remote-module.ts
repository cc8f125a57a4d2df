// Compile-time proof that the exposed modules keep the host/remote contract.
import type { ChatPanelModule, RemoteModule } from '@pod/shared-contracts';
import App from './app';
import ChatPanel from './chat-panel';

export const remoteModule: RemoteModule = { default: App };
export const chatPanelModule: ChatPanelModule = { default: ChatPanel };
