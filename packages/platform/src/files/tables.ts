// Attachment metadata (base_attachment): the spec's attachment fields (id, originalFileName,
// fileSize, suffixName, fileName), the upload context (path, functionId, businessId, fileDesc),
// and the record the file belongs to once a save links it; large-file uploads in progress.
import { bigint, char, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const attachment = pgTable(
  'base_attachment',
  {
    attachmentId: bigint('attachment_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    originalFileName: varchar('original_file_name', { length: 255 }).notNull(),
    /** Stored name: the content hash and the extension (never the user's name). */
    fileName: varchar('file_name', { length: 100 }).notNull(),
    suffixName: varchar('suffix_name', { length: 20 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    storageKey: char('storage_key', { length: 64 }).notNull(),
    path: varchar('path', { length: 255 }),
    /** Entity of the record the file belongs to (set when the record is saved with it). */
    functionId: varchar('function_id', { length: 80 }),
    businessId: bigint('business_id', { mode: 'number' }),
    fieldName: varchar('field_name', { length: 80 }),
    fileDesc: varchar('file_desc', { length: 500 }),
    largeFileFlag: char('large_file_flag', { length: 1 }).notNull().default('N'),
    createdBy: bigint('created_by', { mode: 'number' }),
    creationDate: moment('creation_date').notNull(),
  },
  (t) => [
    index('base_attachment_business_idx').on(t.functionId, t.businessId),
    index('base_attachment_storage_idx').on(t.storageKey),
    index('base_attachment_created_by_idx').on(t.createdBy, t.creationDate),
  ],
);

/** A chunked upload in progress (large-file mode): which chunks have arrived. */
export const largeUpload = pgTable(
  'base_large_upload',
  {
    uploadId: varchar('upload_id', { length: 100 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    sha256: char('sha256', { length: 64 }).notNull(),
    originalFileName: varchar('original_file_name', { length: 255 }).notNull(),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    chunkSize: bigint('chunk_size', { mode: 'number' }).notNull(),
    chunkCount: integer('chunk_count').notNull(),
    /**
     * The chunks received, each `index:storage key,` as it arrived (large.ts); `*,` once a node
     * assembles the file.
     */
    received: text('received').notNull().default(''),
    path: varchar('path', { length: 255 }),
    functionId: varchar('function_id', { length: 80 }),
    businessId: bigint('business_id', { mode: 'number' }),
    fileDesc: varchar('file_desc', { length: 500 }),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [index('base_large_upload_user_idx').on(t.userId)],
);

export const fileTables = { attachment, largeUpload };
