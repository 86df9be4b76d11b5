import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd form rule that checks one field with the same zod schema the server uses,
 * so the messages are the spec's, verbatim, on both sides.
 */
export function zodFieldRule(schema: z.ZodObject<z.ZodRawShape>, field: string): FormRule {
  const fieldSchema = schema.shape[field] as z.ZodType;
  return {
    validator: async (_rule, value: unknown) => {
      const result = fieldSchema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
