import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { FileStoreSettings } from '../../src/storage/index.js';
import { createS3Client } from '../../src/storage/s3-file-store.js';

// The SDK's notice that its 2027 releases will need Node 22 says nothing about the code under test.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface TestS3 {
  /** FILE_STORE=s3 settings pointing at this server: path-style, dummy credentials, never AWS. */
  settings: Extract<FileStoreSettings, { kind: 's3' }>;
  /** A new client for these settings (the caller destroys it). */
  client(): S3Client;
  /** Every key in the bucket, sorted (prefix included). */
  keys(): Promise<string[]>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/**
 * An S3-compatible server for one test file (s3rver from npm, on the loopback address, a free
 * port, objects in a temporary folder), with a fresh bucket of a random name. Call in before(),
 * close in after().
 */
export async function startTestS3(prefix = ''): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'pod-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  let admin: S3Client | undefined;
  try {
    const { port } = await server.run();
    const settings = {
      kind: 's3' as const,
      bucket: `pod-test-${randomBytes(4).toString('hex')}`,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      prefix,
      // s3rver's built-in account: requests are signed exactly as for AWS, and checked.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    };
    admin = createS3Client(settings);
    await admin.send(new CreateBucketCommand({ Bucket: settings.bucket }));
    const client = admin;
    return {
      settings,
      client: () => createS3Client(settings),
      async keys() {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: settings.bucket, ...(token && { ContinuationToken: token }) }),
          );
          keys.push(...(page.Contents ?? []).map((object) => object.Key!));
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return keys.sort();
      },
      async close() {
        client.destroy();
        await server.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (err) {
    admin?.destroy();
    await server.close().catch(() => {});
    rmSync(directory, { recursive: true, force: true });
    throw err;
  }
}
