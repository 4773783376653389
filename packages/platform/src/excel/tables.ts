// Imports that run as jobs (files of more than 5000 rows): who asked, the uploaded file, how
// far the job got and how it ended, for the status endpoint.
import { bigint, index, integer, pgTable, primaryKey, varchar, timestamp } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const excelImport = pgTable(
  'base_excel_import',
  {
    importId: bigint('import_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entityName: varchar('entity_name', { length: 80 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    /** The uploaded file (an attachment of its uploader). */
    fileAttachmentId: bigint('file_attachment_id', { mode: 'number' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** WAITING, RUNNING, DONE or FAILED. */
    status: varchar('status', { length: 20 }).notNull(),
    total: integer('total').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    /** Rows created (DONE). */
    created: integer('created'),
    /** The error file (FAILED with problems in rows). */
    errorAttachmentId: bigint('error_attachment_id', { mode: 'number' }),
    issueCount: integer('issue_count'),
    message: varchar('message', { length: 1000 }),
    creationDate: moment('creation_date').notNull(),
    lastUpdateDate: moment('last_update_date').notNull(),
  },
  (t) => [index('base_excel_import_user_idx').on(t.userId, t.creationDate)],
);

/**
 * The rows a running big import has created, a batch per row (each batch is committed in its own
 * short transaction so other requests get the connection between batches). While the import is
 * RUNNING these rows are its undo list: a failed import, or one a stopped process left RUNNING,
 * removes them. A finished import's batches are deleted.
 */
export const excelImportBatch = pgTable(
  'base_excel_import_batch',
  {
    importId: bigint('import_id', { mode: 'number' }).notNull(),
    batchNo: integer('batch_no').notNull(),
    ids: bigint('ids', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.batchNo] })],
);

export const excelTables = { excelImport, excelImportBatch };
