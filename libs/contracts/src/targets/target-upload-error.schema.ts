import { z } from 'zod';

/**
 * Why a target file or paste was refused whole; nothing is stored (docs/targets.md#files).
 * Messages are shown as they are. TargetFileError in libs/domain builds them.
 */
export const TARGET_UPLOAD_ERROR_CODES = [
  'UNSUPPORTED_FILE',
  'EMPTY_FILE',
  'NO_TARGET_COLUMN',
  'TOO_MANY_ROWS',
  'FILE_TOO_LARGE',
  'INVALID_UTF8',
  'UNTERMINATED_QUOTE',
  'UNREADABLE_WORKBOOK',
] as const;
export const targetUploadErrorCodeSchema = z.enum(TARGET_UPLOAD_ERROR_CODES);
export type TargetUploadErrorCode = z.infer<typeof targetUploadErrorCodeSchema>;

export const targetUploadErrorSchema = z.object({
  code: targetUploadErrorCodeSchema,
  message: z.string(),
});
export type TargetUploadError = z.infer<typeof targetUploadErrorSchema>;
