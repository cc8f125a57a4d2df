import { QA_PINS_STORAGE_KEY, REMOTE_NAMES, remoteDir, remoteManifestUrl, remoteNameFromDir } from '..';

describe('remote folders and manifest URLs', () => {
  it('maps every federated name to its folder and back', () => {
    expect(REMOTE_NAMES.map(remoteDir)).toEqual([
      'remote-account',
      'remote-library',
      'remote-checkout',
      'remote-wizard',
    ]);
    for (const name of REMOTE_NAMES) expect(remoteNameFromDir(remoteDir(name))).toBe(name);
    expect(remoteNameFromDir('remote-shop')).toBeNull();
    expect(remoteNameFromDir('host')).toBeNull();
  });

  it('builds the manifest URL of one deployed version', () => {
    expect(remoteManifestUrl('remote_checkout', '1.3.0')).toBe('/remotes/remote-checkout/1.3.0/mf-manifest.json');
    expect(remoteManifestUrl('remote_wizard', '2.0.1-rc.1')).toBe('/remotes/remote-wizard/2.0.1-rc.1/mf-manifest.json');
  });

  it('names the QA pins key', () => {
    expect(QA_PINS_STORAGE_KEY).toBe('pod-qa-pins');
  });
});
