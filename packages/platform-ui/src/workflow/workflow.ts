// What the workflow of a definition allows now: which actions a side may run on rows in their
// states, whether a row may be edited or deleted, and why not.
import { type EntityDef, type FieldDef, type Side, type WorkflowAction, isClientWritable } from '@srm/kernel';

type Row = Readonly<Record<string, unknown>>;

export interface AvailableAction {
  readonly name: string;
  readonly action: WorkflowAction;
}

function sideMay(action: WorkflowAction, side: Side): boolean {
  const allowed = action.side ?? 'internal';
  return allowed === 'both' || allowed === side;
}

/** Actions a user of `side` may run on every one of `rows` (none for an empty selection). */
export function availableActions(entity: EntityDef, rows: readonly Row[], side: Side): AvailableAction[] {
  const workflow = entity.workflow;
  if (!workflow || !rows.length) return [];
  return Object.entries(workflow.actions)
    .filter(([, action]) => !action.system && sideMay(action, side))
    .filter(([, action]) => rows.every((row) => action.from.includes(String(row.status))))
    .map(([name, action]) => ({ name, action }));
}

/** Actions that could ever show on a row (for sizing the operation column). */
export function rowActionNames(entity: EntityDef, side: Side): string[] {
  return Object.entries(entity.workflow?.actions ?? {})
    .filter(([, action]) => !action.system && sideMay(action, side))
    .map(([name]) => name);
}

function stateAllows(entity: EntityDef, row: Row | null, states: readonly string[] | undefined): boolean {
  if (!entity.workflow || !row) return true;
  return (states ?? entity.workflow.editableIn).includes(String(row.status));
}

/** Why a document cannot be edited now: a message key and the state; null when it can. */
export function readOnlyReason(
  entity: EntityDef,
  row: Row | null,
  side: Side,
): { key: 'access.readOnly' | 'entity.notEditable'; status?: string } | null {
  if (!entity.writableBy.includes(side)) return { key: 'access.readOnly' };
  if (!stateAllows(entity, row, entity.workflow?.editableIn)) {
    return { key: 'entity.notEditable', status: String(row?.status ?? '') };
  }
  return null;
}

/** The field may be changed by this side on this row now. */
export function fieldEditable(
  entity: EntityDef,
  field: FieldDef & { system?: boolean },
  row: Row | null,
  side: Side,
): boolean {
  if (!isClientWritable(field)) return false;
  const sideOk = entity.writableBy.includes(side) || !!field.writableBy?.includes(side);
  if (!sideOk) return false;
  return stateAllows(entity, row, undefined) || !!field.editableIn?.includes(String(row?.status));
}

export function deletable(entity: EntityDef, row: Row, side: Side): boolean {
  if (!entity.writableBy.includes(side)) return false;
  return stateAllows(entity, row, entity.workflow?.deletableIn ?? entity.workflow?.editableIn);
}
