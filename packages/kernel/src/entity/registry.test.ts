import { describe, expect, it } from 'vitest';
import { defineEntity } from './define';
import { NEVER_OPENED, price, ref, text } from './fields';
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
