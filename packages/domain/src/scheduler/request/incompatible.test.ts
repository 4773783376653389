// Incompatible programs never run at the same time (fast-check): five programs with random
// incompatibilities, "run alone" and "parallel" flags and random run lengths are submitted at
// once; the recorded run intervals of every pair that must not overlap never intersect, and
// every request completes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { record, schedulerFixture } from '../scheduler.testing';

const { ok, program, submit, until } = schedulerFixture();
type Row = Record<string, unknown>;
const NAMES = ['A', 'B', 'C', 'D', 'E'] as const;

let round = 0;

describe('incompatible programs', () => {
  it('never overlap, and a program that runs alone runs with nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          pairs: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })), {
            maxLength: 4,
            selector: ([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`,
          }),
          alone: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
          parallel: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
          runs: fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 30, max: 250 })), {
            minLength: 4,
            maxLength: 8,
          }),
        }),
        async ({ pairs, alone, parallel, runs }) => {
          round++;
          const ids: number[] = [];
          for (const [index, name] of NAMES.entries())
            ids.push(
              await program(`P${round}_${name}`, `T_${name}`, {
                runAlone: alone === index ? 'Y' : 'N',
                parallelFlag: parallel[index] ? 'Y' : 'N',
              }),
            );
          const incompatible = new Set<string>();
          for (const [a, b] of pairs.filter(([a, b]) => a !== b)) {
            incompatible.add(`${a}-${b}`).add(`${b}-${a}`);
            const found = await ok<Row & { incompatibilities: Row[] }>('baseConcurrentProgram', 'findById', {
              programId: ids[a],
            });
            await ok('baseConcurrentProgram', 'saveOrUpdate', {
              programId: ids[a],
              versionNum: found.versionNum,
              incompatibilities: [
                ...found.incompatibilities.map((line) => ({
                  programIncompatId: line.programIncompatId,
                  lineNum: line.lineNum,
                  incompatibleProgramId: line.incompatibleProgramId,
                })),
                { lineNum: found.incompatibilities.length + 1, incompatibleProgramId: ids[b] },
              ],
            });
          }
          const requests = await Promise.all(runs.map(([index, ms]) => submit(ids[index]!, { ms })));
          for (const request of requests)
            await until(request.requestId as number, ['COMPLETED/NORMAL'], 60_000);
          const mine = new Set(requests.map((request) => request.requestId as number));
          const intervals = record.intervals
            .filter((run) => mine.has(run.requestId))
            .map((run) => ({ ...run, index: NAMES.indexOf(run.program as (typeof NAMES)[number]) }));
          expect(intervals).toHaveLength(requests.length);
          for (const x of intervals)
            for (const y of intervals) {
              if (x.requestId >= y.requestId) continue;
              const exclusive =
                incompatible.has(`${x.index}-${y.index}`) ||
                (x.index === y.index && !parallel[x.index]) ||
                alone === x.index ||
                alone === y.index;
              if (exclusive)
                expect(
                  x.start < y.end && y.start < x.end,
                  `${x.program}#${x.requestId} / ${y.program}#${y.requestId}`,
                ).toBe(false);
            }
        },
      ),
      { numRuns: 4 },
    );
  }, 300_000);
});
