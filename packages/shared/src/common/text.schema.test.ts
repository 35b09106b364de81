import { describe, expect, it } from 'vitest'
import { accountMessages } from '../accounts/account'
import { orderMessages } from '../orders/order'
import { LoginSchema, RegisterSchema } from '../accounts/account.schema'
import { ContactMessageSchema } from '../contact/contact.schema'
import { OrderCreateSchema } from '../orders/order.schema'
import { requiredText } from './text.schema'

const BLANKS = {
  'zero width space': '\u200B',
  'word joiner': '\u2060\u2060',
  'Hangul filler': '\u3164',
  'half-width Hangul filler': '\uFFA0',
  'blank Braille pattern': '\u2800',
  'soft hyphen and spaces': ' \u00AD ',
  'no-break space': '\u00A0',
}

const firstNameError = (firstName: string) => {
  const result = RegisterSchema.safeParse({
    login: 'ada',
    firstName,
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'secret1',
  })
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'firstName')
}

describe('requiredText', () => {
  it.each(Object.entries(BLANKS))('refuses a value of only a %s, with the field’s message', (_, value) => {
    const result = requiredText('Name is required').safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Name is required')
  })

  it('keeps a name as typed, joiners inside it included, once trimmed', () => {
    expect(requiredText('x').parse('  Ada ')).toBe('Ada')
    const persian = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0645'
    expect(requiredText('x').parse(persian)).toBe(persian)
    expect(requiredText('x').parse('\u200BAda')).toBe('\u200BAda')
  })

  it('is what the register form, the order form and the contact form require', () => {
    expect(firstNameError('\u3164')?.message).toBe(accountMessages.firstNameRequired)
    expect(firstNameError('Ada')).toBeUndefined()
    const contact = ContactMessageSchema.safeParse({ message: '\u200B\u200B' })
    expect(contact.error?.issues[0]?.message).toBe('Message is required')
    const deliveryName = OrderCreateSchema.shape.deliveryFirstName.safeParse('\u2060')
    expect(deliveryName.error?.issues[0]?.message).toBe(orderMessages.firstName)
  })
})

describe('single-line fields', () => {
  const injected = 'Ada\r\nBcc: victim@example.com\u0000\u001b[31m\u2028\u0085'
  const cleaned = 'AdaBcc: victim@example.com[31m'

  it('lose their control characters and line separators, on every form', () => {
    expect(
      ContactMessageSchema.parse({ name: injected, email: 'ada@example.com', message: 'hello\nthere' }),
    ).toMatchObject({
      name: cleaned,
      // A message is many lines: its line breaks stay.
      message: 'hello\nthere',
    })
    const registered = RegisterSchema.parse({
      login: 'ada\r\n',
      firstName: injected,
      lastName: 'Love\tlace',
      email: 'ada@example.com\r\n',
      password: 'correct horse battery',
    })
    expect(registered).toMatchObject({
      login: 'ada',
      firstName: cleaned,
      lastName: 'Lovelace',
      email: 'ada@example.com',
    })
    expect(LoginSchema.parse({ username: 'ada\n', password: 'x' }).username).toBe('ada')
    const order = OrderCreateSchema.parse({
      email: 'ada@example.com',
      deliveryFirstName: injected,
      deliveryLastName: 'Lovelace',
      deliveryPhoneNumber: '020 7946 0000\r\n',
      deliveryAddress: '1 High St\r\nX-Header: 1',
      deliveryCity: 'Harrow',
      deliveryState: 'London',
      deliveryCountry: 'UK',
      deliveryPostCode: 'HA1 1JU',
      deliveryTown: 'Harrow',
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '1 High St',
      address2: 'Flat 2\n',
      state: 'London',
      postcode: 'HA1 1JU',
    })
    expect(order).toMatchObject({
      deliveryFirstName: cleaned,
      deliveryPhoneNumber: '020 7946 0000',
      deliveryAddress: '1 High StX-Header: 1',
      address2: 'Flat 2',
    })
  })

  it('still refuses one of controls alone as empty', () => {
    expect(
      RegisterSchema.safeParse({
        login: 'ada',
        firstName: '\r\n\u0000',
        lastName: 'L',
        email: 'a@example.com',
        password: 'correct horse battery',
      }).success,
    ).toBe(false)
  })
})
