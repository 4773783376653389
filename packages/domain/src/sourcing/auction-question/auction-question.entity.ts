// A supplier's question on an auction (竞价答疑, auctionQuestion) and the buyer's answer
// (auctionAnswer). A confirmed supplier asks on its entry until the auction's Q&A deadline (or its
// end); the buyer answers, and the answer — with the question, never who asked — is written onto
// the entry of every confirmed supplier (srmAuctionEntryAnswer, ../auction-entry), which is all the
// others read of it. The asker reads its own question and the answer here.
import { datetime, defineEntity, ref, text, textarea } from '@srm/kernel';

export const QUESTION_STATES = ['DRAFT', 'ASKED', 'ANSWERED'] as const;

export const auctionQuestion = defineEntity('srmAuctionQuestion', {
  area: 'sourcing',
  key: 'questionId',
  display: 'questionNum',
  numbering: { field: 'questionNum', pattern: 'AQ{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  supplierVisibleIn: [...QUESTION_STATES],
  // The supplier writes its question; the buyer only answers (doAnswer).
  writableBy: ['supplier'],
  fields: {
    questionNum: text({ readonly: true, max: 30 }),
    /** The supplier's own entry to the auction (confirmed): the auction is read from it. */
    entryId: ref('srmAuctionEntry', {
      required: true,
      display: 'title',
      displayAs: 'title',
      filter: () => ({ status: 'CONFIRMED' }),
    }),
    auctionId: ref('srmAuction', { display: 'auctionNum', displayAs: 'auctionNum', readonly: true }),
    supplierId: ref('srmSupplierInfo', { display: 'supplierName', readonly: true }),
    orgId: ref('srmBaseOrg', { display: 'orgName', readonly: true }),
    questionText: textarea({ required: true, max: 2000 }),
    askedDate: datetime({ readonly: true }),
    answerText: textarea({ max: 4000, readonly: true }),
    answeredDate: datetime({ readonly: true }),
  },
  list: {
    columns: [
      'questionNum',
      'title',
      'auctionNum',
      'supplierName',
      'questionText',
      'status',
      'askedDate',
      'answeredDate',
    ],
    filters: [{ field: 'questionNum', op: 'prefix' }, 'auctionId', 'status', 'askedDate'],
    sort: [{ field: 'questionId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'questionNum',
          'entryId',
          'auctionId',
          'supplierId',
          'status',
          'askedDate',
          'answeredDate',
          'questionText',
          'answerText',
        ],
      },
    ],
  },
  workflow: {
    states: [...QUESTION_STATES],
    initial: 'DRAFT',
    statusLookup: 'SRC_QUESTION_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      /** Sent to the buyer: before the Q&A deadline, on a confirmed entry of a running or published auction. */
      doAsk: { from: ['DRAFT'], to: 'ASKED', side: 'supplier' },
      /** The buyer's answer: published to every confirmed supplier without the asker's name. */
      doAnswer: {
        from: ['ASKED'],
        to: 'ANSWERED',
        input: { answerText: textarea({ required: true, max: 4000 }) },
      },
    },
  },
});
