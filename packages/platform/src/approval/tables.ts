// The approval engine's runtime tables: a process instance per submission (with the copy of the
// template version and the resolved route it runs), the tasks of its nodes, and the history of
// every step. Written by the engine only; read through the /api/bpm endpoints.
import { bigint, char, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const bpmInstance = pgTable(
  'bpm_instance',
  {
    instanceId: bigint('instance_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    processKey: varchar('process_key', { length: 60 }).notNull(),
    templateVersion: integer('template_version').notNull(),
    /** The route: the applicable nodes with their resolved approvers (see engine `RouteNode`). */
    route: jsonb('route').notNull(),
    entityName: varchar('entity_name', { length: 80 }).notNull(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    documentNumber: varchar('document_number', { length: 240 }),
    /** The action that started the process (doSubmit). */
    action: varchar('action', { length: 60 }).notNull(),
    submitterId: bigint('submitter_id', { mode: 'number' }).notNull(),
    /** The supplier owning the document, when it has one. */
    supplierId: bigint('supplier_id', { mode: 'number' }),
    status: varchar('status', { length: 20 }).notNull(),
    /** Index in `route` of the node waiting for decisions. */
    currentNode: integer('current_node').notNull(),
    /** Counts the times a node became current; tasks carry the round they belong to. */
    round: integer('round').notNull().default(0),
    startedAt: moment('started_at').notNull(),
    endedAt: moment('ended_at'),
  },
  (t) => [
    index('bpm_instance_document_idx').on(t.entityName, t.documentId, t.instanceId),
    index('bpm_instance_submitter_idx').on(t.submitterId, t.instanceId),
    index('bpm_instance_status_idx').on(t.status, t.instanceId),
  ],
);

export const bpmTask = pgTable(
  'bpm_task',
  {
    taskId: bigint('task_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    instanceId: bigint('instance_id', { mode: 'number' }).notNull(),
    /** Index of the node in the instance's route. */
    nodeIndex: integer('node_index').notNull(),
    round: integer('round').notNull(),
    nodeName: varchar('node_name', { length: 120 }).notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }).notNull(),
    /** APPROVE (from the route) or ADD_SIGN (added by an approver). */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** PENDING, APPROVED, REJECTED, RETURNED, TRANSFERRED, CANCELLED. */
    status: varchar('status', { length: 20 }).notNull(),
    entityName: varchar('entity_name', { length: 80 }).notNull(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    documentNumber: varchar('document_number', { length: 240 }),
    submitterId: bigint('submitter_id', { mode: 'number' }).notNull(),
    createdAt: moment('created_at').notNull(),
    decidedAt: moment('decided_at'),
    /** Who decided: the assignee, or the user acting for them. */
    decidedBy: bigint('decided_by', { mode: 'number' }),
    comment: text('comment'),
    remindedAt: moment('reminded_at'),
    remindCount: integer('remind_count').notNull().default(0),
    escalatedAt: moment('escalated_at'),
  },
  (t) => [
    index('bpm_task_inbox_idx').on(t.assigneeId, t.status, t.taskId),
    index('bpm_task_instance_idx').on(t.instanceId, t.round),
    index('bpm_task_decided_idx').on(t.decidedBy, t.decidedAt),
    index('bpm_task_pending_idx').on(t.status, t.createdAt),
  ],
);

export const bpmHistory = pgTable(
  'bpm_history',
  {
    historyId: bigint('history_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    instanceId: bigint('instance_id', { mode: 'number' }).notNull(),
    entityName: varchar('entity_name', { length: 80 }).notNull(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }),
    nodeIndex: integer('node_index'),
    nodeName: varchar('node_name', { length: 120 }),
    /** SUBMIT, APPROVE, REJECT, RETURN, TRANSFER, ADD_SIGN, WITHDRAW, SKIP, COMPLETE, REASSIGN, REMIND, ESCALATE. */
    action: varchar('action', { length: 20 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    /** The assignee the user acted for (delegation). */
    onBehalfOfId: bigint('on_behalf_of_id', { mode: 'number' }),
    /** The user a task went to (transfer, add-sign, reassign). */
    targetUserId: bigint('target_user_id', { mode: 'number' }),
    comment: text('comment'),
    /** Internal comments are never shown to supplier users. */
    internalFlag: char('internal_flag', { length: 1 }).notNull().default('N'),
    attachmentIds: text('attachment_ids'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [index('bpm_history_document_idx').on(t.entityName, t.documentId, t.historyId)],
);

export const approvalTables = { bpmInstance, bpmTask, bpmHistory };
