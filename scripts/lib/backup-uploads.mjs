// The upload bucket's side of a backup (docs/operations.md "Backup and restore"): the JetStream
// Object Store bucket holds each upload until its import ends, so an import still queued or
// running at backup time needs its file back to complete after a restore.
import { createReadStream, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const NANOS_PER_HOUR = 3600 * 1e9;
/** The chunk size the gateway stores uploads with (its upload-bucket.ts). */
const CHUNK_BYTES = 128 * 1024;

/** The bucket's name for a NATS_PREFIX, as `importUploadBucket` in the contracts names it. */
export const uploadBucketName = (natsPrefix) => (natsPrefix ? `${natsPrefix}_imports` : 'imports');

async function connectNats(natsUrl) {
  const { connect } = await import('@nats-io/transport-node');
  return connect({ servers: natsUrl });
}

async function bucketExists(nc, bucket) {
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const streams = (await jetstreamManager(nc)).streams;
  return streams.info(`OBJ_${bucket}`).then(
    () => true,
    (error) => {
      if (/not found/i.test(String(error?.message))) return false;
      throw error;
    },
  );
}

/** Writes every object of the bucket into `dir` (one file each) with a manifest; answers the count. */
export async function exportUploads({ natsUrl, natsPrefix = '', dir }) {
  const { Objm } = await import('@nats-io/obj');
  const bucket = uploadBucketName(natsPrefix);
  mkdirSync(dir, { recursive: true });
  const nc = await connectNats(natsUrl);
  try {
    const manifest = { bucket, ttlNanos: null, objects: [] };
    if (await bucketExists(nc, bucket)) {
      const store = await new Objm(nc).open(bucket);
      manifest.ttlNanos = (await store.status()).ttl;
      for (const info of await store.list()) {
        if (info.deleted) continue;
        const result = await store.get(info.name);
        if (!result) continue; // removed since the listing: its import has ended
        const file = `object-${manifest.objects.length}.bin`;
        await pipeline(Readable.fromWeb(result.data), createWriteStream(join(dir, file)));
        if (
          !(await result.error.then(
            () => true,
            () => false,
          ))
        )
          throw new Error(`upload ${info.name} could not be read whole from the bucket`);
        const { name, size, digest, description, metadata } = info;
        manifest.objects.push({ name, size, digest, description, metadata, file });
      }
    }
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    return manifest.objects.length;
  } finally {
    await nc.close();
  }
}

/**
 * Replaces the bucket with the exported objects (same names, so the imports that name them find
 * them), each checked against its digest. The bucket's TTL is the exported one, or
 * IMPORT_UPLOAD_TTL_HOURS (24 h) as the services create it.
 */
export async function importUploads({ natsUrl, natsPrefix = '', dir, ttlHours = 24 }) {
  const { Objm, StorageType } = await import('@nats-io/obj');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const bucket = uploadBucketName(natsPrefix);
  const nc = await connectNats(natsUrl);
  try {
    const objm = new Objm(nc);
    if (await bucketExists(nc, bucket)) await (await objm.open(bucket)).destroy();
    const store = await objm.create(bucket, {
      storage: StorageType.File,
      ttl: manifest.ttlNanos ?? ttlHours * NANOS_PER_HOUR,
    });
    for (const object of manifest.objects) {
      const data = Readable.toWeb(createReadStream(join(dir, object.file)));
      const meta = { name: object.name, description: object.description, metadata: object.metadata };
      const stored = await store.put({ ...meta, options: { max_chunk_size: CHUNK_BYTES } }, data);
      if (stored.size !== object.size || stored.digest !== object.digest)
        throw new Error(`upload ${object.name} was restored with other bytes (digest ${stored.digest})`);
    }
    return manifest.objects.length;
  } finally {
    await nc.close();
  }
}
