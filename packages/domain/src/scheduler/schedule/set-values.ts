// A request set's schedule with date increment (docs/scheduler.md): the schedule keeps its own
// values of the set's stages in its `parameters`, by stage id, while the stages keep the values
// saved on them (another schedule of the set, or a submit by hand, runs those). A stage's entry
// starts from the stage's saved values at its first occurrence; at each occurrence after it, its
// DATE values move on by the days between occurrences, as a program's schedule's do. An entry
// whose stage is gone, names another program now or has other saved values now is dropped, and
// starts again from the stage. Only the values given are kept, as on a stage: an empty value
// still takes its default at each run ("today" stays the day of the run).
import type { RowOf } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { type ParamValues, checkParams, movedDates } from '../program/program-params';
import type { programParam } from '../program/program-param.entity';
import { concurrentProgram } from '../program/program.entity';
import { type requestSetStage, requestSet } from '../request-set/request-set.entity';

type Param = RowOf<typeof programParam>;
type Stage = RowOf<typeof requestSetStage>;

/** One stage's values on a schedule: where they started (its program, its saved values) and where they are. */
export interface StageValues {
  readonly programId: number;
  readonly from: ParamValues;
  readonly values: ParamValues;
}

/** A set schedule's `parameters`: each stage's values by the stage's id. */
export interface SetValues {
  readonly stages: Readonly<Record<string, StageValues>>;
}

/** A stage of the set with its program's parameters. */
export interface StageParams {
  readonly stage: Stage;
  readonly params: readonly Param[];
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Values as stored: an object of texts, numbers and nulls; anything else is none. */
function valuesOf(value: unknown): ParamValues | null {
  if (!isObject(value)) return null;
  const values: ParamValues = {};
  for (const [name, given] of Object.entries(value)) {
    if (typeof given !== 'string' && typeof given !== 'number' && given !== null) return null;
    values[name] = given;
  }
  return values;
}

/** The values saved on a stage (none given: an empty object). */
const savedOf = (stage: Stage): ParamValues | null =>
  stage.parameters === null || stage.parameters === undefined ? {} : valuesOf(stage.parameters);

const sameValues = (a: ParamValues, b: ParamValues): boolean => {
  const names = Object.keys(a);
  return (
    names.length === Object.keys(b).length &&
    names.every((name) => Object.hasOwn(b, name) && a[name] === b[name])
  );
};

/** A set schedule's stored values read back; entries not of their shape are left out (they start again). */
export function setValuesOf(stored: unknown): SetValues | null {
  if (!isObject(stored) || !isObject(stored.stages)) return null;
  const stages: Record<string, StageValues> = {};
  for (const [stageId, entry] of Object.entries(stored.stages)) {
    if (!isObject(entry) || typeof entry.programId !== 'number') continue;
    const from = valuesOf(entry.from);
    const values = valuesOf(entry.values);
    if (from && values) stages[stageId] = { programId: entry.programId, from, values };
  }
  return { stages };
}

/** The entry of a stage, if it still belongs to it: the same program, started from the values saved now. */
function entryOf(stage: Stage, stored: SetValues | null): StageValues | null {
  const entry = stored?.stages[String(stage.setStageId)];
  const saved = savedOf(stage);
  return entry && saved && entry.programId === stage.programId && sameValues(entry.from, saved)
    ? entry
    : null;
}

/** The stages of a set with their programs' parameters, in stage order. */
export async function setStages(data: DataApi, requestSetId: number): Promise<StageParams[]> {
  const set = await data.find(requestSet, requestSetId);
  const stages: StageParams[] = [];
  for (const stage of [...set.stages].sort((a, b) => a.stageNum - b.stageNum))
    stages.push({ stage, params: (await data.find(concurrentProgram, stage.programId)).params });
  return stages;
}

/**
 * The stages' values at an occurrence: each stage's entry moved on by `days`, or started from the
 * stage's saved values (not moved: the stage's values are those of this occurrence).
 */
export function stageValuesAt(
  stages: readonly StageParams[],
  stored: SetValues | null,
  days: number,
): SetValues {
  const next: Record<string, StageValues> = {};
  for (const { stage, params } of stages) {
    const entry = entryOf(stage, stored);
    const saved = savedOf(stage);
    if (entry) next[String(stage.setStageId)] = { ...entry, values: movedDates(params, entry.values, days) };
    // Saved values that are no values are left to the stage (submitSet refuses them, naming the parameter).
    else if (saved)
      next[String(stage.setStageId)] = { programId: stage.programId, from: saved, values: saved };
  }
  return { stages: next };
}

/** The values each stage's request gets, by the stage's id (submitSet's `stageParameters`). */
export function stageParametersOf(values: SetValues): ReadonlyMap<number, ParamValues> {
  return new Map(Object.entries(values.stages).map(([stageId, entry]) => [Number(stageId), entry.values]));
}

/**
 * A set schedule's values as saved (the form sends back what it read): the entries that still
 * belong to their stages, each checked against its program's parameters (a bad value is a 422
 * naming the parameter); what is not of their shape (a program's values) is none.
 */
export async function checkedSetValues(
  data: DataApi,
  stages: readonly StageParams[],
  given: unknown,
): Promise<SetValues | null> {
  const stored = setValuesOf(given);
  const kept: Record<string, StageValues> = {};
  for (const { stage, params } of stages) {
    const entry = entryOf(stage, stored);
    if (!entry) continue;
    await checkParams(data, params, entry.values);
    kept[String(stage.setStageId)] = entry;
  }
  return Object.keys(kept).length ? { stages: kept } : null;
}
