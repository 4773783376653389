// Declared inputs at the boundary: a body is parsed with the input's schema (400 with each
// field's message), and every reference in it must name a row the caller may read (404, as
// for a row that does not exist): an endpoint or action computes only from rows its caller
// could read anyway, whatever ids it is sent. References to the organisations or categories
// that scope other entities also need the caller's permit for that organisation or category.
import { type InputSpec, type SaveIssue, inputReferences, parseInput } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { AppError } from '../http/errors';
import type { EntityRuntime, EntityService } from './runtime';
import type { ReferencedRows } from './context';

/** Parses a body against a declared input; `service` names fields in its messages. */
export function parseDeclared(
  service: EntityService,
  spec: InputSpec,
  body: unknown,
): Record<string, unknown> {
  const parsed = parseInput(spec, body);
  if (!parsed.ok) throw service.validationError(parsed.issues as SaveIssue[]);
  return parsed.value;
}

/**
 * The entities whose rows are organisation or category permits: the targets of the fields
 * other entities are scoped by (`orgScoped: 'orgId'` → srmBaseOrg).
 */
function permitDimensions(runtime: EntityRuntime): Map<string, 'org' | 'category'> {
  const known = dimensions.get(runtime);
  if (known) return known;
  const found = new Map<string, 'org' | 'category'>();
  for (const entity of runtime.registry.all()) {
    for (const [scope, kind] of [
      [entity.orgScoped, 'org'],
      [entity.categoryScoped, 'category'],
    ] as const) {
      const field = scope ? entity.fields[scope] : undefined;
      if (field?.kind === 'ref') found.set(field.entity, kind);
    }
  }
  dimensions.set(runtime, found);
  return found;
}
const dimensions = new WeakMap<EntityRuntime, Map<string, 'org' | 'category'>>();

/** Every reference of a parsed input names a row the actor may read (and holds the permit for). */
export async function assertReadableReferences(
  runtime: EntityRuntime,
  actor: Actor,
  spec: InputSpec,
  value: Readonly<Record<string, unknown>>,
): Promise<ReferencedRows> {
  const read = new Map<string, Map<number, Record<string, unknown>>>();
  if (actor.system) return read;
  const wanted = new Map<string, Set<number>>();
  for (const reference of inputReferences(spec, value)) {
    const ids = wanted.get(reference.entity) ?? new Set<number>();
    ids.add(reference.id);
    wanted.set(reference.entity, ids);
  }
  const permits = permitDimensions(runtime);
  for (const [name, ids] of wanted) {
    const entity = runtime.registry.get(name);
    const dimension = actor.side === 'internal' ? permits.get(name) : undefined;
    const allowed = dimension === 'org' ? actor.orgIds : dimension === 'category' ? actor.categoryIds : 'all';
    if (allowed !== 'all' && [...ids].some((id) => !allowed.includes(id)))
      throw new AppError(404, 'entity.notFound');
    const found = await runtime.service(name).rows(actor, { [entity.key]: [...ids] });
    if (found.length !== ids.size) throw new AppError(404, 'entity.notFound');
    read.set(name, new Map(found.map((row) => [Number(row[entity.key]), row])));
  }
  return read;
}
