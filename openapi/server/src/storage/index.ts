import { createLocalFileStore, type FileStore } from './file-store.js';
import type { S3StoreSettings } from './s3-file-store.js';

/** FILE_STORE: the local disk under UPLOAD_DIR (default), or S3-compatible object storage. */
export type FileStoreSettings = { kind: 'local' } | ({ kind: 's3' } & S3StoreSettings);

/** S3's bucket naming rule (lower case, digits, `.` and `-`, 3 to 63 characters), which MinIO and R2 share. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Folders of letters, digits, `.`, `_` and `-`; never `.` or `..` alone. */
const PREFIX_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]+$/;

function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(value)) return true;
  if (['0', 'false', 'off', 'no'].includes(value)) return false;
  throw new Error(`${name} must be 1 or 0 (true/false), got '${raw}'`);
}

/**
 * Reads FILE_STORE and, for `s3`, the S3_* settings. Anything missing or malformed stops the
 * start with the variable's name (buildApp and server.ts call loadConfig first). Only the bucket
 * is required: the region defaults to us-east-1, credentials to the SDK's standard chain.
 */
export function loadFileStoreSettings(env: NodeJS.ProcessEnv): FileStoreSettings {
  const kind = env.FILE_STORE?.trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`FILE_STORE must be "local" (the default) or "s3", got '${env.FILE_STORE}'`);

  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('FILE_STORE=s3 needs S3_BUCKET: the name of the bucket that holds the uploaded files');
  if (!BUCKET_NAME.test(bucket)) {
    throw new Error(`S3_BUCKET must be a bucket name (3 to 63 of a-z, 0-9, "." and "-"), got '${bucket}'`);
  }

  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new Error(`S3_ENDPOINT must be an http(s) URL (e.g. http://127.0.0.1:9000), got '${endpoint}'`);
    }
  }

  const rawPrefix = env.S3_PREFIX?.trim() ?? '';
  const segments = rawPrefix.split('/').filter((segment) => segment !== '');
  if (!segments.every((segment) => PREFIX_SEGMENT.test(segment))) {
    throw new Error(
      `S3_PREFIX must be folder names of A-Z, a-z, 0-9, ".", "_" and "-" (e.g. pod/uploads), got '${rawPrefix}'`,
    );
  }

  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      `${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} is not set: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK's standard chain: AWS_* variables, profile, role)`,
    );
  }

  return {
    kind: 's3',
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    // MinIO and most S3-compatible servers want path-style addresses; AWS prefers virtual hosts.
    forcePathStyle: onOff('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, endpoint !== undefined),
    prefix: segments.length > 0 ? `${segments.join('/')}/` : '',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/**
 * The store `settings` name. The S3 one (and the AWS SDK) is loaded only when chosen, so a server
 * on the local disk never loads the SDK.
 */
export async function createFileStore(settings: FileStoreSettings, localDir: string): Promise<FileStore> {
  if (settings.kind === 'local') return createLocalFileStore(localDir);
  const { createS3FileStore } = await import('./s3-file-store.js');
  return createS3FileStore(settings);
}

/** One line for the start banner: where uploaded files go (never a credential). */
export function describeFileStore(settings: FileStoreSettings, localDir: string): string {
  if (settings.kind === 'local') return `local disk ${localDir}`;
  return `S3 s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ` (${settings.region})`}`;
}
