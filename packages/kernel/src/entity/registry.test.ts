import { describe, expect, it } from 'vitest';
import { defineEntity } from './define';
import { NEVER_OPENED, lookup, price, ref, text } from './fields';
import { refs, rows } from './input';
import { DefinitionError, EntityRegistry } from './registry';

const event = defineEntity('kernelSealEvent', {
  area: 'test',
  key: 'eventId',
  fields: { eventName: text({ max: 60 }) },
});

const problemsOf = (...entities: Parameters<typeof defineEntity>[]) => {
  try {
    new EntityRegistry([event, ...entities.map(([name, spec]) => defineEntity(name, spec))]);
    return [];
  } catch (error) {
    if (error instanceof DefinitionError) return error.problems;
    throw error;
  }
};

describe('sealed per event', () => {
  it('takes a required reference naming the event of a document with sealed values', () => {
    expect(
      problemsOf([
        'kernelSealQuote',
        {
          area: 'test',
          key: 'quoteId',
          sealedPer: 'eventId',
          fields: {
            eventId: ref('kernelSealEvent', { required: true }),
            unitPrice: price({ sealed: { openedBy: NEVER_OPENED } }),
          },
        },
      ]),
    ).toEqual([]);
  });

  it('refuses a field that is not a required reference, and a document with nothing sealed', () => {
    const problems = problemsOf(
      [
        'kernelSealText',
        {
          area: 'test',
          key: 'quoteId',
          sealedPer: 'eventName',
          fields: {
            eventName: text({ max: 60 }),
            unitPrice: price({ sealed: { openedBy: NEVER_OPENED } }),
          },
        },
      ],
      [
        'kernelSealPlain',
        {
          area: 'test',
          key: 'quoteId',
          sealedPer: 'eventId',
          fields: { eventId: ref('kernelSealEvent', { required: true }), unitPrice: price({}) },
        },
      ],
    );
    expect(problems).toEqual([
      'kernelSealText: sealedPer eventName must be a required stored reference',
      'kernelSealPlain: sealedPer without sealed values',
    ]);
  });
});

describe('declared inputs', () => {
  it('refuses an action whose input references an entity that is not registered, in its rows too', () => {
    const problems = problemsOf([
      'kernelInputOrder',
      {
        area: 'test',
        key: 'orderId',
        fields: { status: lookup('TEST_STATUS', { codes: ['DRAFT', 'DONE'] }) },
        workflow: {
          states: ['DRAFT', 'DONE'],
          initial: 'DRAFT',
          editableIn: ['DRAFT'],
          actions: {
            doKnown: { from: ['DRAFT'], to: 'DONE', input: { eventId: ref('kernelSealEvent') } },
            doUnknown: {
              from: ['DRAFT'],
              to: 'DONE',
              input: {
                supplierIds: refs('kernelNoSupplier'),
                lines: rows({ itemId: ref('kernelNoItem') }),
                mine: refs('kernelOwnRows', { callersOwn: true }),
              },
            },
          },
        },
      },
    ]);
    expect(problems).toEqual([
      'kernelInputOrder.doUnknown: its input references unknown entity kernelNoSupplier',
      'kernelInputOrder.doUnknown: its input references unknown entity kernelNoItem',
    ]);
  });
});
