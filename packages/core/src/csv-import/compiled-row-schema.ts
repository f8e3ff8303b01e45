import { csvImportRowSchema } from '@prospector/contracts';
import { z } from 'zod';

/**
 * csvImportRowSchema compiled into one generated function, for files of millions of rows: the runtime
 * parser allocates several objects for each field of each row, which kept V8's old generation growing by
 * hundreds of MB during a large import. A row the compiled check refuses goes through the runtime parser,
 * so its issues and messages are the same.
 */
export const compiledCsvImportRowSchema = z.compile(csvImportRowSchema);
