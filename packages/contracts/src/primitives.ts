import { z } from 'zod';

/**
 * Building blocks every input contract uses (issue 11, decision 015): ids bounded to the
 * database's integer column, and text without control characters, which PostgreSQL refuses
 * (NUL) or which no field of the product means to hold.
 */

/** PostgreSQL `integer` (and `serial`) holds at most 2^31 - 1. */
export const INT4_MAX = 2_147_483_647;

const PRIMITIVE_MESSAGES = {
  controlCharacters: 'Text must not contain control characters',
  idRange: 'Id must be a whole number from 1 to 2147483647',
} as const;

/** Any C0 control character or DEL: not allowed in single-line text. */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
/** Control characters except tab, line feed and carriage return: not allowed in multi-line text. */
// eslint-disable-next-line no-control-regex
export const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Trimmed single-line text: names, ids, labels. Chain `.min()` / `.max()` as needed. */
export const singleLine = () =>
  z
    .string()
    .trim()
    .refine((v) => !SINGLE_LINE_FORBIDDEN.test(v), PRIMITIVE_MESSAGES.controlCharacters);

/** Trimmed multi-line text (notes, details, comments): tab and line breaks allowed. */
export const multiLine = () =>
  z
    .string()
    .trim()
    .refine((v) => !MULTI_LINE_FORBIDDEN.test(v), PRIMITIVE_MESSAGES.controlCharacters);

/** Untrimmed text without control characters (passwords, keys). */
export const rawText = () =>
  z.string().refine((v) => !SINGLE_LINE_FORBIDDEN.test(v), PRIMITIVE_MESSAGES.controlCharacters);

/** Optional text up to `max` characters; blank becomes null. */
export const optionalSingleLine = (max: number) =>
  singleLine()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
export const optionalMultiLine = (max: number) =>
  multiLine()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A database id in a JSON body. */
export const idSchema = () =>
  z
    .number()
    .int(PRIMITIVE_MESSAGES.idRange)
    .positive(PRIMITIVE_MESSAGES.idRange)
    .max(INT4_MAX, PRIMITIVE_MESSAGES.idRange);

/** An optional id: absent or null becomes null. */
export const optionalIdSchema = () =>
  idSchema()
    .nullish()
    .transform((v) => v ?? null);

/** A database id in a path or query string (text coerced to a number). */
export const idParam = () =>
  z.coerce
    .number(PRIMITIVE_MESSAGES.idRange)
    .int(PRIMITIVE_MESSAGES.idRange)
    .positive(PRIMITIVE_MESSAGES.idRange)
    .max(INT4_MAX, PRIMITIVE_MESSAGES.idRange);
