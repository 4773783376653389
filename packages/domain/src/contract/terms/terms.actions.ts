// Clauses on the server: a new version's approval supersedes the one it alters, so one version
// of a clause is effective at a time; 变更 (doAlteration) opens the next version as a draft,
// once (a draft, a version under approval or a rejected one of the same clause is that one).
import { ref, textarea } from '@srm/kernel';
import { AppError, defineActions, defineEndpoints, endpoint } from '@srm/platform';
import { nextVersion, supersede } from '../versions.server';
import { terms } from './terms.entity';

export const termsActions = defineActions(terms, {
  actions: {
    doApproval: (ctx) => supersede(ctx, terms, ctx.row.previousTermsId),
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
      const versions = await ctx.list(terms, { termsCode: current.termsCode });
      const version = nextVersion(
        { status: current.status, version: current.termsVersion },
        versions.map((row) => ({ status: row.status, version: row.termsVersion })),
      );
      const [id] = await ctx.insert(terms, [
        {
          termsCode: current.termsCode,
          termsVersion: version,
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
