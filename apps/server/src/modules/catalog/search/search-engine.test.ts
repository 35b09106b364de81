import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NUMBER_FORMS, numberForms } from './search-engine'

describe('a word in either number', () => {
  it('holds the word and its singular or plural', () => {
    expect(numberForms('salt')).toEqual(['salt', 'salts', 'saltes', 'salt'])
    expect(numberForms('apples')).toContain('apple')
    expect(numberForms('tomato')).toContain('tomatoes')
    expect(numberForms('tomatoes')).toContain('tomato')
    expect(numberForms('berries')).toContain('berry')
    expect(numberForms('berry')).toContain('berries')
    expect(numberForms('loaf')).toContain('loaves')
    expect(numberForms('loaves')).toContain('loaf')
    // Not another word with the same stem.
    expect(numberForms('salt')).not.toContain('salted')
  })

  it('always gives the same number of forms, the word first', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,20}$/), (word) => {
        const forms = numberForms(word)
        expect(forms).toHaveLength(NUMBER_FORMS)
        expect(forms[0]).toBe(word)
      }),
    )
  })
})
