import { Injectable, type PipeTransform } from '@nestjs/common';
import { invalid } from '@warmpath/server-kit';
import type { z } from 'zod';

/** Validates a request body against its contract; field messages are the documented ones's, verbatim. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const fields = result.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      message: issue.message,
    }));
    throw invalid(fields[0]?.message ?? 'Invalid request', fields);
  }
}
