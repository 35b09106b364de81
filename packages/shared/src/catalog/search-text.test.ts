import { describe, expect, it } from 'vitest'
import { highlightName } from './search-text'

/** The marked parts of a name, joined by "|". */
const marked = (name: string, text: string) =>
  highlightName(name, text)
    .filter((part) => part.match)
    .map((part) => part.text)
    .join('|')

describe('highlightName', () => {
  it('marks the typed part of a word the typed word starts', () => {
    expect(marked('Mature Cheddar', 'ched')).toBe('Ched')
    expect(highlightName('Mature Cheddar', 'ched')).toEqual([
      { text: 'Mature ', match: false },
      { text: 'Ched', match: true },
      { text: 'dar', match: false },
    ])
  })

  it('marks a whole word the typed word starts with, or is within its typos of', () => {
    expect(marked('Cheese Scones', 'cheeses')).toBe('Cheese')
    expect(marked('Mature Cheddar', 'chedar')).toBe('Cheddar')
  })

  it("marks a word within the second try's typos only where they keep the word's start", () => {
    expect(marked('Tenderstem Broccoli', 'brocolli')).toBe('Broccoli')
    expect(marked('London Pale Ale', 'kale')).toBe('')
  })

  it('marks a word two typed words side by side make', () => {
    expect(marked('Sourdough Loaf', 'sour dough')).toBe('Sourdough')
    expect(marked('Organic Sourdough Loaf', 'sour dugh')).toBe('Sourdough')
  })

  it('marks nothing the text does not match', () => {
    expect(marked('Sourdough Loaf', 'cheese')).toBe('')
  })
})
