export { startOffline, type OfflineSupport, type StartOfflineOptions } from './start-offline';
export { OfflineBanner } from './offline-banner';
