/**
 * Reading the admin's multipart forms: text fields and `files` parts within size and count limits, each overrun a
 * clear 413, and the text fields validated with the same domain/ schemas JSON bodies use.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { BadRequest, HttpError, PayloadTooLarge } from '../../errors';
import { refuseUnstorableValue } from '../../text-guard';

/** The first message of a failed parse as a 400, as the error handler does for JSON bodies. */
export function parseOr400<T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new BadRequest(result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

export interface Form {
  fields: Record<string, string>;
  /** Non-empty `files` parts, in order. */
  files: Buffer[];
}

/** Reads a multipart form: text fields (first value wins) and the bytes of every `files` part. */
export async function readForm(
  request: FastifyRequest,
  options: { fileSize: number; files: number; tooLarge: string; tooMany: string },
): Promise<Form> {
  if (!request.isMultipart()) throw new BadRequest('Please send the form as multipart/form-data.');
  const form: Form = { fields: {}, files: [] };
  try {
    for await (const part of request.parts({ limits: { fileSize: options.fileSize, files: options.files, fields: 30, fieldSize: 8 * 1024, parts: 60 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'files' && bytes.length > 0) form.files.push(bytes);
      } else if (!(part.fieldname in form.fields)) {
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLarge(options.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new PayloadTooLarge(options.tooMany);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new PayloadTooLarge('The form has too many fields.');
    throw new BadRequest('The form could not be read. Please try again.');
  }
  // Read here rather than by Fastify, so the app-wide check of request text (text-guard.ts) has not seen the fields.
  refuseUnstorableValue(form.fields);
  return form;
}

