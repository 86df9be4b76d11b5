import {
  columnMappingSchema,
  createTargetListFromTextSchema,
  TARGET_LIST_LIMITS,
  type ColumnMapping,
  type SkippedTargetRow,
  type Target,
} from '@warmpath/contracts';
import { isTargetFileError, readPastedTargets, readTargetFile, TargetFileError } from '@warmpath/domain';
import { invalid, ServiceError } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';

// Reading a target list's upload (docs/targets.md#routes): a multipart file (field `file`, plus
// `name` and `mapping`, the JSON of the mapping chosen in the mapping step) or JSON
// `{ name, text }`. A refusal of the domain's readers is a 400 with its message
// (413 for a file over the limit); nothing is stored then.

export interface ReadTargetUpload {
  name: string;
  sourceName: string | null;
  mapping: ColumnMapping;
  targets: Target[];
  skipped: SkippedTargetRow[];
}

export const TARGET_UPLOAD_MESSAGES = {
  noFile: 'Choose a CSV or Excel (.xlsx) file, or paste one company a line.',
  noTargets: 'No row of this list names a company or a person.',
  mediaType: 'Send a multipart file (field "file") or JSON { "name", "text" }.',
  mapping:
    'The field "mapping" must be the JSON of a column mapping: { "headerRow", "columns", "unsure" }, as the mapping step chose it.',
} as const;

const NAME_MAX = TARGET_LIST_LIMITS.nameChars;

/** The upload's targets, read here: throws a 400 (413) ServiceError for any refusal. */
export async function readTargetUpload(request: FastifyRequest): Promise<ReadTargetUpload> {
  try {
    if (request.isMultipart()) return await readMultipart(request);
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('application/json'))
      throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', TARGET_UPLOAD_MESSAGES.mediaType);
    const parsed = createTargetListFromTextSchema.safeParse(request.body);
    if (!parsed.success)
      throw invalid(
        'Give the list a name and paste at least one line.',
        parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
      );
    const sheet = readPastedTargets(parsed.data.text);
    return withTargets({ name: parsed.data.name, sourceName: null, ...sheet }, 'text');
  } catch (error) {
    throw refusal(error, request.isMultipart() ? 'file' : 'text');
  }
}

async function readMultipart(request: FastifyRequest): Promise<ReadTargetUpload> {
  let name: string | null = null;
  let mappingText: string | null = null;
  let file: { fileName: string; bytes: Buffer } | null = null;
  const parts = request.parts({
    limits: { fileSize: TARGET_LIST_LIMITS.bytes, files: 1, fields: 4, fieldSize: MAPPING_MAX_CHARS },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'name') name = String(part.value).trim();
      if (part.fieldname === 'mapping') mappingText = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume();
      continue;
    }
    const bytes = await part.toBuffer().catch((error: unknown) => {
      if (part.file.truncated) throw tooLarge(request);
      throw error;
    });
    if (part.file.truncated) throw tooLarge(request);
    file = { fileName: part.filename.slice(0, 255), bytes };
  }
  if (!file)
    throw invalid(TARGET_UPLOAD_MESSAGES.noFile, [{ field: 'file', message: TARGET_UPLOAD_MESSAGES.noFile }]);
  const mapping = mappingText === null ? undefined : chosenMapping(mappingText);
  const sheet = await readTargetFile(
    new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length),
    mapping ? { mapping } : {},
  );
  const listName = (name || file.fileName.replace(/\.[^.]*$/, '') || 'Target list').slice(0, NAME_MAX);
  return withTargets({ name: listName, sourceName: file.fileName || null, ...sheet }, 'file');
}

/** A mapping's JSON: a few column indexes and the doubts of the mapping step. */
const MAPPING_MAX_CHARS = 16 * 1024;

/** The mapping chosen in the mapping step (multipart field `mapping`); a 400 on `mapping` when malformed. */
function chosenMapping(text: string): ColumnMapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = columnMappingSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues[0];
  const where =
    detail && json !== undefined && detail.path.length
      ? ` (${detail.path.join('.')}: ${detail.message})`
      : '';
  throw invalid(`${TARGET_UPLOAD_MESSAGES.mapping}${where}`, [
    { field: 'mapping', message: TARGET_UPLOAD_MESSAGES.mapping },
  ]);
}

/** The file's size is not known once cut off: the request's length tells it, near enough. */
function tooLarge(request: FastifyRequest): TargetFileError {
  const max = TARGET_LIST_LIMITS.bytes;
  return TargetFileError.tooLarge(Math.max(Number(request.headers['content-length']) || 0, max + 1), max);
}

function withTargets(
  upload: ReadTargetUpload & { header?: unknown },
  field: 'file' | 'text',
): ReadTargetUpload {
  if (upload.targets.length === 0)
    throw invalid(TARGET_UPLOAD_MESSAGES.noTargets, [{ field, message: TARGET_UPLOAD_MESSAGES.noTargets }]);
  const { name, sourceName, mapping, targets, skipped } = upload;
  return { name, sourceName, mapping, targets, skipped };
}

/** A domain refusal as the HTTP error the user reads; other errors pass as they are. */
function refusal(error: unknown, field: 'file' | 'text'): unknown {
  if (!isTargetFileError(error)) return error;
  const fields = [{ field, message: error.message }];
  return error.code === 'FILE_TOO_LARGE'
    ? new ServiceError('PAYLOAD_TOO_LARGE', error.message, fields)
    : invalid(error.message, fields);
}
