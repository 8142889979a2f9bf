import { t } from 'elysia'

/**
 * A record id in a path: digits only, as the API writes them. Elysia's own numeric coercion takes
 * whatever `Number()` takes (`0x10`, `1e1`, ` 1`), so one record would answer to several spellings
 * and a typo in hexadecimal could delete another record; here only the plain spelling names a record.
 */
export const RecordId = (error: string) =>
  t
    .Transform(t.String({ pattern: '^[1-9][0-9]{0,14}$', error }))
    .Decode((value) => Number(value))
    .Encode((value) => String(value))
