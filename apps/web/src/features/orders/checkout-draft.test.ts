import { describe, expect, it } from 'vitest'
import {
  checkCheckoutDraft,
  forgetCheckoutDraft,
  readCheckoutDraft,
  saveCheckoutDraft,
} from './checkout-draft'
import { initialCheckoutValues } from './checkout-values'

const KEY = 'larder.checkoutDraft'
const values = {
  ...initialCheckoutValues({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' }),
  phoneNumber: '020 7946 0018',
  address: '12 Station Road',
  city: 'Ealing',
  state: 'Greater London',
  postalCode: 'W5 2AA',
}

// A draft written by an earlier page of this tab, as the payment page's Back button finds it.
const storeFromEarlierPage = (draft: unknown) => sessionStorage.setItem(KEY, JSON.stringify(draft))

describe('the checkout draft', () => {
  it('is read back at once after it was saved on this page', () => {
    saveCheckoutDraft(values, 'ada')
    expect(readCheckoutDraft('ada')).toEqual(values)
    expect(readCheckoutDraft(null)).toBeNull()
  })

  it("from an earlier page is read only once checked against the form's schema", async () => {
    storeFromEarlierPage({ owner: null, values: { ...values, city: 'Wembley' } })
    expect(readCheckoutDraft(null)).toBeNull()
    await checkCheckoutDraft()
    expect(readCheckoutDraft(null)).toEqual({ ...values, city: 'Wembley' })
    expect(readCheckoutDraft('ada')).toBeNull()
  })

  it('the form would no longer accept, or that is not JSON, counts as none', async () => {
    storeFromEarlierPage({ owner: null, values: { ...values, billingMode: 'elsewhere' } })
    await checkCheckoutDraft()
    expect(readCheckoutDraft(null)).toBeNull()
    sessionStorage.setItem(KEY, '{"owner":')
    await checkCheckoutDraft()
    expect(readCheckoutDraft(null)).toBeNull()
  })

  it('is gone once forgotten', () => {
    saveCheckoutDraft(values, null)
    forgetCheckoutDraft()
    expect(readCheckoutDraft(null)).toBeNull()
    expect(sessionStorage.getItem(KEY)).toBeNull()
  })
})
