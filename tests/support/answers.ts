// What no answer of the API may contain: a stack trace or the English defaults of zod,
// Fastify or tRPC (the store speaks Spanish only).
import { expect } from 'vitest';

/** Words the English defaults of zod, Fastify and tRPC use, and Spanish texts never do. */
export const ENGLISH_WORDS = [
  'Invalid',
  'Expected',
  'Required',
  'Internal Server Error',
  'Not Found',
  'Bad Request',
  'must',
  'Unsupported',
  'procedure',
  'Unexpected',
];

/** The problems of an answer's body, empty when it is clean. */
export function answerProblems(body: string): string[] {
  const problems: string[] = [];
  if (/\bat .*\.(ts|js|mjs)\b/.test(body) || body.includes('.ts:')) problems.push('stack trace');
  for (const word of ENGLISH_WORDS) if (body.includes(word)) problems.push(`English: ${word}`);
  return problems;
}

export function expectSpanishAnswer(body: string, context = '') {
  expect(answerProblems(body), `${context} ${body.slice(0, 500)}`).toEqual([]);
}
