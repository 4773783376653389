// What the workflow of a definition allows now: which actions a side may run on rows in their
// states (and the user's responsibility grants), whether a row may be edited or deleted, and why
// not. A button's resource code is `<entity>.<operation>` or the workflow action's `resource`.
import {
  type EntityDef,
  type FieldDef,
  type InputField,
  type InputSpec,
  type Side,
  type WorkflowAction,
  actionBelongsToApproval,
  isClientWritable,
} from '@srm/kernel';

type Row = Readonly<Record<string, unknown>>;

export interface AvailableAction {
  readonly name: string;
  readonly action: WorkflowAction;
}

/** Kinds of declared input the action dialog asks for; a list of ids or rows has a screen of its own. */
export const ASKABLE_INPUT_KINDS: readonly string[] = [
  'text',
  'textarea',
  'date',
  'datetime',
  'number',
  'quantity',
  'price',
  'amount',
  'checkbox',
];

/**
 * The generic button cannot run an action that requires an input its dialog cannot ask for (a
 * list of chosen rows): a button of the area's own offers it.
 */
function hasOwnScreen(action: WorkflowAction): boolean {
  return Object.values(action.input ?? {}).some(
    (field) => 'required' in field && field.required && !ASKABLE_INPUT_KINDS.includes(field.kind),
  );
}

function sideMay(action: WorkflowAction, side: Side): boolean {
  const allowed = action.side ?? 'internal';
  return allowed === 'both' || allowed === side;
}

/** Operations whose buttons need a resource code; reading needs none. */
export type Operation = 'save' | 'delete' | 'export' | 'import';

/** The resource code of an entity operation or extra endpoint: `srmBaseDistrict.save`. */
export function operationResource(entity: EntityDef, operation: Operation | (string & {})): string {
  return `${entity.name}.${operation}`;
}

/** The resource code of a workflow action: its own `resource`, or `<entity>.<action>`. */
export function actionResource(entity: EntityDef, name: string, action: WorkflowAction): string {
  return action.resource ?? operationResource(entity, name);
}

/** Everything granted (for screens outside a signed-in workspace, and tests). */
export const grantAll = (): boolean => true;

/**
 * Actions a user of `side` may run on every one of `rows` (none for an empty selection), among
 * those whose resource code `granted` allows.
 */
export function availableActions(
  entity: EntityDef,
  rows: readonly Row[],
  side: Side,
  granted: (resource: string) => boolean,
): AvailableAction[] {
  const workflow = entity.workflow;
  if (!workflow || !rows.length) return [];
  return Object.entries(workflow.actions)
    .filter(
      ([name, action]) =>
        !action.system &&
        !hasOwnScreen(action) &&
        !actionBelongsToApproval(entity, name) &&
        sideMay(action, side) &&
        granted(actionResource(entity, name, action)),
    )
    .filter(([name, action]) =>
      rows.every(
        (row) =>
          action.from.includes(String(row.status)) &&
          !actionBelongsToApproval(entity, name, String(row.status)) &&
          (!action.offeredWhen || action.offeredWhen(row)),
      ),
    )
    .map(([name, action]) => ({ name, action }));
}

/** Actions that could ever show on a row (for sizing the operation column). */
export function rowActionNames(
  entity: EntityDef,
  side: Side,
  granted: (resource: string) => boolean,
): string[] {
  return Object.entries(entity.workflow?.actions ?? {})
    .filter(
      ([name, action]) =>
        !action.system &&
        !hasOwnScreen(action) &&
        sideMay(action, side) &&
        granted(actionResource(entity, name, action)),
    )
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
  // A field naming its sides is written by those only (the server's rule): a supplier's reply
  // does not open the reviewer's comment to the supplier.
  if (!(field.writableBy ?? entity.writableBy).includes(side)) return false;
  if (side === 'supplier' && field.internalOnly) return false;
  if (field.appliesWhen && row && !field.appliesWhen(row)) return false;
  if (field.editableOnlyIn) return onlyIn(entity, field.editableOnlyIn, row);
  return stateAllows(entity, row, undefined) || !!field.editableIn?.includes(String(row?.status));
}

/** A field editable only in some states: the row's state (a new row's the initial one) is one. */
function onlyIn(entity: EntityDef, states: readonly string[], row: Row | null): boolean {
  const status = row ? row.status : entity.workflow?.initial;
  return status !== undefined && status !== null && states.includes(String(status));
}

/**
 * The field of a line may be changed by this side while its header is in its state: lines
 * follow the header's editable states, and a field naming its own sides (`writableBy`) and
 * states (`editableIn`) stays open to those sides in those states — the supplier's promised
 * dates on a released order. Mirrors the server's check of each changed line field.
 */
export function lineFieldEditable(
  header: EntityDef,
  line: EntityDef,
  field: FieldDef & { system?: boolean },
  headerRow: Row | null,
  side: Side,
): boolean {
  if (!isClientWritable(field)) return false;
  if (!(field.writableBy ?? line.writableBy).includes(side)) return false;
  if (side === 'supplier' && field.internalOnly) return false;
  if (field.editableOnlyIn) return onlyIn(header, field.editableOnlyIn, headerRow);
  return (
    stateAllows(header, headerRow, header.workflow?.editableIn) ||
    (!!headerRow && !!field.editableIn?.includes(String(headerRow.status)))
  );
}

/** Lines may be added and removed (not only some of their fields changed) by this side now. */
export function linesEditable(
  header: EntityDef,
  line: EntityDef,
  headerRow: Row | null,
  side: Side,
): boolean {
  return (
    !readOnlyReason(header, headerRow, side) &&
    line.writableBy.includes(side) &&
    (!line.rowsEditableIn || onlyIn(header, line.rowsEditableIn, headerRow))
  );
}

/**
 * The row may be opened for editing by this side now: wholly, or only some fields open to the
 * side in the row's state (the supplier answering a released order).
 */
export function editableNow(entity: EntityDef, row: Row, side: Side): boolean {
  if (!readOnlyReason(entity, row, side)) return true;
  // A field this side writes on a document the side otherwise only reads: in the states it names,
  // or always on a record without states (the chat ids of a user's directory row).
  const own = (field: FieldDef) =>
    !!field.writableBy?.includes(side) && (!!(field.editableIn ?? field.editableOnlyIn) || !entity.workflow);
  return (
    Object.values(entity.fields).some((field) => own(field) && fieldEditable(entity, field, row, side)) ||
    Object.values(entity.lines).some((line) =>
      Object.values(line.fields).some(
        (field) => own(field) && lineFieldEditable(entity, line, field, row, side),
      ),
    )
  );
}

export function deletable(entity: EntityDef, row: Row, side: Side): boolean {
  if (!entity.writableBy.includes(side)) return false;
  return stateAllows(entity, row, entity.workflow?.deletableIn ?? entity.workflow?.editableIn);
}

/** What the inputs declaring `startsFrom` start with, from the row acted on (when it is one row). */
export function initialInputs(
  input: InputSpec | undefined,
  row: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const initial: Record<string, unknown> = {};
  if (!row) return initial;
  for (const [name, field] of askableInputs(input)) {
    const from = 'startsFrom' in field ? field.startsFrom : undefined;
    const value = from ? row[from] : undefined;
    if (value !== undefined && value !== null) initial[name] = value;
  }
  return initial;
}

/** The declared inputs this dialog can ask for (a list of rows has a screen of its own). */
export function askableInputs(input: InputSpec | undefined): [string, InputField][] {
  return Object.entries(input ?? {}).filter(([, field]) => ASKABLE_INPUT_KINDS.includes(field.kind));
}
