import { describe, expect, it } from 'vitest';
import { endSentence } from './contact';

describe('a sentence that ends with the business name', () => {
  it.each([
    ['Mobile Tyre & Battery Co.', 'Mobile Tyre & Battery Co.'],
    ['Perth Tyres Pty Ltd', 'Perth Tyres Pty Ltd.'],
    ['Tyres Now!', 'Tyres Now!'],
    ['  Spaced Name  ', 'Spaced Name.'],
  ])('%j ends as %j, with one full stop', (name, sentenceEnd) => {
    expect(endSentence(name)).toBe(sentenceEnd);
  });
});
