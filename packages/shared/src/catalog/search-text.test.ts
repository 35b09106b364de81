import { describe, expect, it } from 'vitest'
import { highlightName, secondTryAllows, slipAtStart, textWords } from './search-text'

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

  it('marks a word one slip of the fingers at its start away', () => {
    expect(marked('Whole Milk', 'nilk')).toBe('Milk')
    expect(marked('Rioja Crianza', 'ioja')).toBe('Rioja')
  })

  it('marks a word two typed words side by side make', () => {
    expect(marked('Sourdough Loaf', 'sour dough')).toBe('Sourdough')
    expect(marked('Organic Sourdough Loaf', 'sour dugh')).toBe('Sourdough')
  })

  it('marks nothing the text does not match', () => {
    expect(marked('Sourdough Loaf', 'cheese')).toBe('')
  })
})

describe('slipAtStart', () => {
  it('allows a missed, doubled or swapped first letter, or a key beside it', () => {
    expect(slipAtStart('ioja', 'rioja')).toBe(true)
    expect(slipAtStart('mmilk', 'milk')).toBe(true)
    expect(slipAtStart('cie', 'ice')).toBe(true)
    expect(slipAtStart('nilk', 'milk')).toBe(true)
    expect(slipAtStart('xod', 'cod')).toBe(true)
  })

  it('refuses another first letter from across the keyboard, or a slip after the start', () => {
    expect(slipAtStart('kale', 'pale')).toBe(false)
    expect(slipAtStart('bilk', 'milk')).toBe(false)
    expect(slipAtStart('zmilk', 'milk')).toBe(false)
    expect(slipAtStart('mikl', 'milk')).toBe(false)
  })
})

describe('textWords', () => {
  it("reads a possessive's 's as no word of its own", () => {
    expect(textWords("Baker's bread")).toEqual(['baker', 'bread'])
    expect(textWords('butcher’s sausages')).toEqual(['butcher', 'sausages'])
    expect(textWords("Goats' Cheese")).toEqual(['goats', 'cheese'])
    expect(textWords("s'mores")).toEqual(['s', 'mores'])
  })

  it('reads an ampersand as "and"', () => {
    expect(textWords('salt & pepper')).toEqual(['salt', 'and', 'pepper'])
    expect(textWords('M&S')).toEqual(['m', 'and', 's'])
  })
})

describe('secondTryAllows', () => {
  it('allows one typo at the start of a short word only as a slip', () => {
    expect(secondTryAllows('nilk', 'milk', 1)).toBe(true)
    expect(secondTryAllows('kale', 'pale', 1)).toBe(false)
    expect(secondTryAllows('milj', 'milk', 1)).toBe(true)
  })

  it('keeps the first letter as typed for typos beyond the length allowance', () => {
    expect(secondTryAllows('brocolli', 'broccoli', 2)).toBe(true)
    expect(secondTryAllows('sossages', 'sausages', 2)).toBe(true)
    expect(secondTryAllows('nappies', 'apples', 2)).toBe(false)
    expect(secondTryAllows('mossages', 'sausages', 2)).toBe(false)
  })
})
