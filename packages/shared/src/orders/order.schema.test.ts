import { describe, expect, it } from 'vitest'
import { orderMessages } from './order'
import { OrderCreateSchema } from './order.schema'

const { deliveryPostCode, postcode } = OrderCreateSchema.shape

describe('OrderCreateSchema postcodes', () => {
  it.each(['HA1 1JU', 'ha11ju', 'EN5  5UW', '10115', '1010-001', 'SW1A 2AA'])('takes %s', (value) => {
    expect(deliveryPostCode.safeParse(value).success).toBe(true)
    expect(postcode.safeParse(value).success).toBe(true)
  })

  it.each(['!!!', '--', 'HA1 1JU!', '-HA1', 'HA1 - ', '.'])('refuses %s with the field’s hint', (value) => {
    expect(deliveryPostCode.safeParse(value).error?.issues[0]?.message).toBe(orderMessages.postcode)
    expect(postcode.safeParse(value).error?.issues[0]?.message).toBe(orderMessages.billingPostcode)
  })

  it('trims before it checks, and keeps the shopper’s spelling', () => {
    expect(deliveryPostCode.parse('  ha1 1ju ')).toBe('ha1 1ju')
  })
})
