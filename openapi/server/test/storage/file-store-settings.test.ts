import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { describeFileStore, loadFileStoreSettings } from '../../src/storage/index.js';

describe('FILE_STORE and S3_* settings', () => {
  it('default to the local disk, whatever S3_* says', () => {
    assert.deepEqual(loadConfig({}).uploads.store, { kind: 'local' });
    assert.deepEqual(loadFileStoreSettings({ FILE_STORE: ' Local ', S3_BUCKET: 'ignored' }), { kind: 'local' });
    assert.equal(describeFileStore({ kind: 'local' }, '/srv/uploads'), 'local disk /srv/uploads');
  });

  it('FILE_STORE=s3 needs only the bucket: us-east-1, no prefix, the SDK credential chain, AWS addresses', () => {
    const settings = loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'pod-files' }).uploads.store;
    assert.deepEqual(settings, {
      kind: 's3',
      bucket: 'pod-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: '',
      credentials: undefined,
    });
    assert.equal(describeFileStore(settings, '/unused'), 'S3 s3://pod-files/ (us-east-1)');
  });

  it('reads a MinIO or R2 endpoint (path-style by default there), a prefix and static credentials', () => {
    const settings = loadFileStoreSettings({
      FILE_STORE: 'S3',
      S3_BUCKET: 'pod-files',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_PREFIX: '/portal//uploads/',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
    });
    assert.deepEqual(settings, {
      kind: 's3',
      bucket: 'pod-files',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'portal/uploads/',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    assert.equal(describeFileStore(settings, '/unused'), 'S3 s3://pod-files/portal/uploads/ at http://127.0.0.1:9000');
    assert.ok(!describeFileStore(settings, '/unused').includes('minio-secret'));
    const virtualHosts = loadFileStoreSettings({
      FILE_STORE: 's3',
      S3_BUCKET: 'pod-files',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_FORCE_PATH_STYLE: '0',
    });
    assert.equal(virtualHosts.kind === 's3' && virtualHosts.forcePathStyle, false);
    const pathStyle = loadFileStoreSettings({ FILE_STORE: 's3', S3_BUCKET: 'pod-files', S3_FORCE_PATH_STYLE: 'true' });
    assert.equal(pathStyle.kind === 's3' && pathStyle.forcePathStyle, true);
  });

  it('stops the start naming the setting that is missing or malformed', () => {
    const s3 = (env: NodeJS.ProcessEnv) => () => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'pod-files', ...env });
    assert.throws(() => loadConfig({ FILE_STORE: 's3' }), /FILE_STORE=s3 needs S3_BUCKET/);
    assert.throws(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: '  ' }), /FILE_STORE=s3 needs S3_BUCKET/);
    assert.throws(
      () => loadConfig({ FILE_STORE: 'minio' }),
      /FILE_STORE must be "local" \(the default\) or "s3", got 'minio'/,
    );
    assert.throws(s3({ S3_BUCKET: 'Pod_Files' }), /S3_BUCKET must be a bucket name/);
    assert.throws(s3({ S3_ENDPOINT: 'localhost:9000' }), /S3_ENDPOINT must be an http\(s\) URL/);
    assert.throws(s3({ S3_ENDPOINT: 'ftp://files.example' }), /S3_ENDPOINT must be an http\(s\) URL/);
    assert.throws(s3({ S3_FORCE_PATH_STYLE: 'maybe' }), /S3_FORCE_PATH_STYLE must be 1 or 0/);
    assert.throws(s3({ S3_PREFIX: 'portal/../other' }), /S3_PREFIX must be folder names/);
    assert.throws(s3({ S3_PREFIX: 'a b' }), /S3_PREFIX must be folder names/);
    assert.throws(s3({ S3_ACCESS_KEY_ID: 'id' }), /S3_SECRET_ACCESS_KEY is not set/);
    assert.throws(s3({ S3_SECRET_ACCESS_KEY: 'secret' }), /S3_ACCESS_KEY_ID is not set/);
    // A secret never appears in a message.
    assert.throws(
      s3({ S3_SECRET_ACCESS_KEY: 'top-secret-value' }),
      (err: Error) => !err.message.includes('top-secret-value'),
    );
  });
});
