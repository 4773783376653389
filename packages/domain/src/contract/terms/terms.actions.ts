// Clauses on the server: a new version's approval supersedes the one it alters, so one version
// of a clause is effective at a time; 变更 (doAlteration) opens the next version as a draft,
// once (a draft, a version under approval or a rejected one of the same clause is that one).
import { ref, textarea } from '@srm/kernel';
import { AppError, defineActions, defineEndpoints, endpoint } from '@srm/platform';
import { terms } from './terms.entity';

/** States of a version not yet effective: the alteration under way. */
const OPEN_STATES = ['DRAFT', 'APPROVING', 'REJECTED'];

export const termsActions = defineActions(terms, {
  actions: {
    async doApproval(ctx) {
      const previous = ctx.row.previousTermsId;
      if (!previous) return;
      const system = ctx.system('a new version of a clause supersedes the one it alters');
      const [old] = await system.list(terms, { termsId: previous });
      if (old?.status === 'EFFECTIVE') await system.act(terms, 'doSupersede', [previous]);
    },
  },
});

export const termsEndpoints = defineEndpoints(terms, {
  /** 变更: the next version of an effective clause, as a draft copy of it. */
  doAlteration: endpoint({
    summary: 'Open the next version of an effective clause as a draft',
    input: {
      termsId: ref('srmCctTerms', { required: true }),
      changeReason: textarea({ max: 500 }),
    },
    scope: terms,
    resource: 'button',
    write: true,
    async handle(ctx, input) {
      const [current] = await ctx.list(terms, { termsId: input.termsId });
      if (!current) throw new AppError(404, 'entity.notFound');
      if (current.status !== 'EFFECTIVE') throw new AppError(409, 'srmCctTerms.alterEffectiveOnly');
      const versions = await ctx.list(terms, { termsCode: current.termsCode });
      const open = versions.find((version) => OPEN_STATES.includes(String(version.status)));
      if (open) throw new AppError(409, 'srmCctTerms.alterationOpen', { version: open.termsVersion ?? 1 });
      const latest = Math.max(...versions.map((version) => version.termsVersion ?? 1));
      const [id] = await ctx.insert(terms, [
        {
          termsCode: current.termsCode,
          termsVersion: latest + 1,
          termsTitle: current.termsTitle,
          category: current.category,
          termsBody: current.termsBody,
          contractTypes: current.contractTypes,
          orgId: current.orgId,
          previousTermsId: current.termsId,
          changeReason: input.changeReason ?? null,
          remark: current.remark,
        },
      ]);
      return { data: await ctx.find(terms, id!) };
    },
  }),
});
