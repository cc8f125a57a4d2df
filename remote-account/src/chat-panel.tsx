// remote_account's exposed `./ChatPanel`, mounted by the host's floating chat button on its first opening.
import { reportLoadedVersion } from '@pod/shared-contracts';
import { APP_VERSION } from './app-version';
import { ChatPanel } from './features/chat/chat-panel';

// The shell may load this module before (or without) the App: report the build here too.
reportLoadedVersion('remote_account', APP_VERSION);

export default ChatPanel;
