import { describe, expect, it } from 'vitest'
import { townNote } from './shop-filters'

const TOWNS = ['Harrow', 'Hayes', 'Wembley']

describe('townNote', () => {
  it('says that a town in the address with no shop lists nothing, rather than that it is still shown', () => {
    const note = townNote(TOWNS, 'Kenton', 'Kenton', 0)
    expect(note).toBe(
      'No shop is in “Kenton”, so no products are listed. Clear the town to see every shop’s.',
    )
    expect(note).not.toContain('Still showing')
  })

  it('says which town still applies while another is typed', () => {
    expect(townNote(TOWNS, 'Harrowx', 'Harrow', 0)).toBe(
      'No shop is in a town starting with “Harrowx”. Still showing Harrow.',
    )
    expect(townNote(TOWNS, 'Leeds', '', 0)).toBe('No shop is in a town starting with “Leeds”.')
  })

  it('says nothing while the typing matches, or before the shops have come', () => {
    expect(townNote(TOWNS, 'Ha', 'Harrow', 2)).toBe('')
    expect(townNote([], 'Kenton', 'Kenton', 0)).toBe('')
  })
})
