import { z } from 'zod';

/** The one error body every API failure answers with. */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export const ErrorBody = z.object({
  message: z.string(),
  errors: z.array(FieldError).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Turns a zod failure into the field list of the error body, one entry per path. */
export const fieldErrorsOf = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
