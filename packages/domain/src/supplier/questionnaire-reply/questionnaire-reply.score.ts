// What a reply scores, in hundredths (so that option points add up exactly): a choice answer the
// points of the options chosen, a score answer its own value, a text, number or file answer what
// the reviewer gave it (nothing until then).
import { CHOICE_TYPES } from '../survey-question/survey-question.entity';

export interface ScoredAnswer {
  readonly questionNum: number;
  readonly questionType: string;
  readonly answerNumber: number | null;
  readonly reviewPoints: number | null;
}

export interface ScoredChoice {
  readonly questionNum: number;
  readonly points: number | null;
  readonly chosenFlag: string | null;
}

const hundredths = (value: number | null | undefined) => Math.round(Number(value ?? 0) * 100);

/** The points of one answer, or null while a reviewer has yet to score it. */
export function answerPoints(answer: ScoredAnswer, choices: readonly ScoredChoice[]): number | null {
  if (CHOICE_TYPES.includes(answer.questionType))
    return (
      choices
        .filter((choice) => choice.questionNum === answer.questionNum && choice.chosenFlag === 'Y')
        .reduce((sum, choice) => sum + hundredths(choice.points), 0) / 100
    );
  if (answer.questionType === 'SCORE') return answer.answerNumber;
  return answer.reviewPoints;
}

/** The reply's total: every answer's points (an unscored one counts nothing yet). */
export function replyTotal(answers: readonly ScoredAnswer[], choices: readonly ScoredChoice[]): number {
  return answers.reduce((sum, answer) => sum + hundredths(answerPoints(answer, choices)), 0) / 100;
}

/** The most a question scores: its best option (single), all its options (multiple), or its points. */
export function questionMaxPoints(
  questionType: string,
  maxPoints: number | null,
  optionPoints: readonly (number | null)[],
): number {
  if (questionType === 'SINGLE') return Math.max(0, ...optionPoints.map((points) => Number(points ?? 0)));
  if (questionType === 'MULTIPLE')
    return optionPoints.reduce<number>((sum, points) => sum + hundredths(points), 0) / 100;
  return Number(maxPoints ?? 0);
}
