// The programs' own endpoints: enable and disable (a disabled program's waiting requests park as
// INACTIVE/Disabled when taken, and run again once it is enabled and they are released).
import { ref } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { concurrentProgram } from './program.entity';

const programInput = { programId: ref('baseConcurrentProgram', { required: true }) };

export const programEndpoints = defineEndpoints(concurrentProgram, {
  doEnable: endpoint({
    summary: 'Enables a concurrent program',
    input: programInput,
    scope: concurrentProgram,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      return { data: await data.patch(concurrentProgram, input.programId, { enabledFlag: 'Y' }) };
    },
  }),
  doDisable: endpoint({
    summary: 'Disables a concurrent program',
    input: programInput,
    scope: concurrentProgram,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      return { data: await data.patch(concurrentProgram, input.programId, { enabledFlag: 'N' }) };
    },
  }),
});
