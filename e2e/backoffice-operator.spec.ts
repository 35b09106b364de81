import { expect, test, type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  logIn,
  searchProducts,
  watchForErrors,
} from './support/journey-helpers'

/** The demo operator (apps/server/src/db/seed/demo-accounts.ts), whose password is set outside production. */
const OPERATOR = { email: 'admin@larder.test', password: 'larder-admin-demo' }
/** A demo shop no other journey buys from, so suspending it for a moment disturbs none of them. */
const SHOP = 'Ealing Green Tea & Coffee Co.'

async function shopId(page: Page) {
  const response = await page.request.get('/api/public/users')
  const shops = (await response.json()) as { id: string; companyName: string }[]
  const shop = shops.find((entry) => entry.companyName === SHOP)
  if (!shop) throw new Error(`no demo shop ${SHOP}`)
  return shop.id
}

test(
  'the operator suspends a shop and its products leave the storefront at once; restoring brings them back',
  { tag: '@storefront-wide' },
  async ({ page }) => {
    const errors = watchForErrors(page)
    const id = await shopId(page)
    const [product] = await searchProducts(page.request, `vendorID:"${id}"`, 1)
    if (!product) throw new Error(`${SHOP} has no product`)
    // Seen on the storefront first, so what follows cannot pass on a page that was never there.
    expect((await page.goto(`/product-detail/${product.id}`))?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.productName)

    await page.goto('/admin/shops')
    await logIn(page, OPERATOR.email, OPERATOR.password)
    await expect(page).toHaveURL(/\/admin\/shops$/)
    await expect(page.getByRole('link', { name: 'Shops' })).toHaveAttribute('aria-current', 'page')
    const row = page.getByRole('row').filter({ hasText: SHOP })
    await expect(row.getByRole('cell', { name: 'Open' })).toBeVisible()
    await expectNoHorizontalScroll(page)
    await expectNoA11yViolations(page)

    // By keyboard: the button takes focus and Enter presses it; the confirmation is accepted.
    page.once('dialog', (dialog) => void dialog.accept())
    await row.getByRole('button', { name: `Suspend ${SHOP}` }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Shop suspended' })).toBeVisible()
    await expect(row.getByRole('cell', { name: 'Suspended' })).toBeVisible()

    // Gone at once: the product page is the not-found page, the search and the shop's listing skip it.
    expect((await page.goto(`/product-detail/${product.id}`))?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that product')
    expect(await searchProducts(page.request, `vendorID:"${id}"`, 5)).toEqual([])
    expect((await page.request.get(`/api/public/products/${product.id}`)).status()).toBe(404)

    await page.goto('/admin/shops')
    await row.getByRole('button', { name: `Restore ${SHOP}` }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Shop restored' })).toBeVisible()
    expect((await page.goto(`/product-detail/${product.id}`))?.status()).toBe(200)
    expect(errors).toEqual([])
  },
)

test('the operator finds the shop form refusing a bad phone number with the shared message, keeping what was typed', async ({
  page,
}) => {
  await page.goto('/admin/shops')
  await logIn(page, OPERATOR.email, OPERATOR.password)
  await page.getByRole('button', { name: 'New shop' }).click()
  await page.getByLabel('Shop name').fill('Pinner Cheese Room')
  await page.getByLabel('Town', { exact: true }).fill('Pinner')
  await page.getByLabel('Address', { exact: true }).fill('3 Bridge Street')
  await page.getByLabel('Phone', { exact: true }).fill('call me')
  await page.getByRole('button', { name: 'Create shop and invite' }).click()
  await expect(page.getByText('Enter a phone number like 020 7946 0000')).toBeVisible()
  await expect(page.getByLabel('Phone', { exact: true })).toBeFocused()
  await expect(page.getByLabel('Shop name')).toHaveValue('Pinner Cheese Room')
  await expectNoHorizontalScroll(page)
})

/** A name no other run or project uses: desktop and phone work on the same database at once. */
const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36).slice(-5)}`

/** Opens an operator's screen, logging in on the way (the log-in page returns to it). */
async function openAsOperator(page: Page, path: string, heading: string) {
  await page.goto(path)
  await logIn(page, OPERATOR.email, OPERATOR.password)
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
}

/** The storefront's category list, read again until `check` passes (its pages are kept a few seconds). */
async function expectOnCategoryList(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto('/category-list')
    await check()
  }).toPass({ timeout: 20_000 })
}

test(
  'the operator adds, renames, moves and hides categories, and the storefront’s category list follows',
  { tag: '@storefront-wide' },
  async ({ page }) => {
    // Five changes, two axe scans and two waits for the storefront's kept pages: longer than one journey.
    test.setTimeout(90_000)
    const errors = watchForErrors(page)
    const tree = (await (await page.request.get('/api/public/categories')).json()) as {
      categoryName: string
    }[]
    const top = tree[tree.length - 1]?.categoryName
    if (!top) throw new Error('the demo has no categories')
    const shelf = unique('Preserves')
    const renamed = unique('Spreads')
    const jar = unique('Marmalade')

    await openAsOperator(page, '/admin/categories', 'Category tree')
    await expect(page.getByRole('link', { name: 'Category tree' })).toHaveAttribute('aria-current', 'page')
    await expectNoHorizontalScroll(page)
    await expectNoA11yViolations(page)

    // The shared rule, before anything is sent: the field says why, has the focus, and keeps what was typed.
    await page.getByLabel('Name', { exact: true }).fill('Jams/Jellies')
    await page.getByRole('button', { name: 'Add category' }).click()
    await expect(page.getByText('A category name cannot contain a slash')).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jams/Jellies')
    await expectNoA11yViolations(page)

    // Two new nodes on the second level, under the same top-level category.
    for (const name of [shelf, jar]) {
      await page.getByLabel('Name', { exact: true }).fill(name)
      await page.getByLabel('Under').selectOption({ label: top })
      await page.getByRole('button', { name: 'Add category' }).click()
      await expect(page.getByRole('status').filter({ hasText: `${name} was added.` })).toBeVisible()
    }
    // The server's refusal (the name is taken in that place) shows beside the field, which keeps the name.
    await page.getByLabel('Name', { exact: true }).fill(jar)
    await page.getByLabel('Under').selectOption({ label: top })
    await page.getByRole('button', { name: 'Add category' }).click()
    const taken = 'There is already a category of that name in the same place.'
    await expect(page.getByRole('alert').filter({ hasText: taken })).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(taken)
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(jar)
    await page.getByLabel('Name', { exact: true }).fill('')

    const shelfRow = page.getByRole('row').filter({ hasText: `${top} / ${shelf}` })
    await expect(shelfRow.getByRole('cell', { name: 'Shown' })).toBeVisible()

    // Rename the first; move the second below it, to the third level.
    await page.getByRole('button', { name: `Rename or move ${top} / ${shelf}` }).click()
    await expect(page.getByRole('heading', { name: `Rename or move ${shelf}` })).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(shelf)
    await page.getByLabel('Name', { exact: true }).fill(renamed)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: `${renamed} was saved.` })).toBeVisible()

    await page.getByRole('button', { name: `Rename or move ${top} / ${jar}` }).click()
    await page.getByLabel('Under').selectOption({ label: `${top} / ${renamed}` })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: `${jar} was saved.` })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: `${top} / ${renamed} / ${jar}` })).toBeVisible()
    await expectNoHorizontalScroll(page)

    // The storefront lists the new name, and the moved node under it, linking to its three-level listing.
    await expectOnCategoryList(page, async () => {
      await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible({ timeout: 1000 })
      await expect(page.getByRole('link', { name: jar, exact: true })).toHaveAttribute(
        'href',
        `/products/${[top, renamed, jar].map(encodeURIComponent).join('/')}`,
        { timeout: 1000 },
      )
    })
    await expect(page.getByRole('link', { name: shelf, exact: true })).toHaveCount(0)

    // Hidden, by keyboard: the node and everything under it leave the storefront.
    await page.goto('/admin/categories')
    await page.getByRole('button', { name: `Hide ${top} / ${renamed}`, exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('status').filter({ hasText: `${top} / ${renamed} is hidden on the storefront.` }),
    ).toBeVisible()
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `${top} / ${renamed}` })
        .first()
        .getByRole('cell', { name: 'Hidden' }),
    ).toBeVisible()
    await expectOnCategoryList(page, async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible({ timeout: 1000 })
      await expect(page.getByRole('link', { name: top, exact: true }).first()).toBeVisible({ timeout: 1000 })
      await expect(page.getByRole('link', { name: renamed, exact: true })).toHaveCount(0, { timeout: 1000 })
      await expect(page.getByRole('link', { name: jar, exact: true })).toHaveCount(0, { timeout: 1000 })
    })
    // Chrome logs the refused name's 409 as a failed load; that refusal was the point.
    expect(errors.filter((line) => !line.includes('status of 409 (Conflict)'))).toEqual([])
  },
)

test('the operator marks a contact message handled, and finds it among the handled ones', async ({
  page,
}) => {
  const errors = watchForErrors(page)
  const sender = `${unique('asker').replace(/ /g, '-').toLowerCase()}@example.test`
  const question = `Do you deliver to Harrow on Sundays? (${sender})`
  // Sent as a shopper sends one, through the contact page.
  await page.goto('/contactus')
  await page.getByRole('textbox', { name: 'Name' }).fill('Sam Okafor')
  await page.getByRole('textbox', { name: 'Email address' }).fill(sender)
  await page.getByRole('textbox', { name: 'Message' }).fill(question)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible()

  await openAsOperator(page, '/admin/messages', 'Contact messages')
  await expect(page.getByLabel('Show')).toHaveValue('waiting')
  const row = page.getByRole('row').filter({ hasText: question })
  await expect(row.getByRole('cell', { name: 'Waiting', exact: true })).toBeVisible()
  await expectNoHorizontalScroll(page)
  await expectNoA11yViolations(page)

  await row.getByRole('button', { name: `Mark handled: the message from ${sender}` }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `Marked handled: the message from ${sender}.` }),
  ).toBeVisible()
  // It leaves the waiting list, and is among the handled ones with the time it was handled.
  await expect(row).toHaveCount(0)
  await page.getByLabel('Show').selectOption('handled')
  await expect(row.getByRole('cell', { name: /^Handled / })).toBeVisible()
  await expect(row.getByRole('button', { name: `Mark waiting: the message from ${sender}` })).toBeVisible()
  await expectNoA11yViolations(page)
  expect(errors).toEqual([])
})

interface OutboxMail {
  to: string
  subject: string
  text: string
}

test('the operator finds an account, sends it a reset link, disables and enables it', async ({ page }) => {
  const errors = watchForErrors(page)
  // The account is made through the operator's own invitation, so no registration is spent.
  const person = `${unique('staff').replace(/ /g, '-').toLowerCase()}@example.test`
  await openAsOperator(page, '/admin', 'Invite someone')
  await page.getByLabel('E-mail address').fill(person)
  await page.getByRole('radio', { name: 'Larder’s operators' }).check()
  await expect(page.getByLabel('Shop', { exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${person}` })).toBeVisible()

  await page.getByRole('link', { name: 'Users' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible()
  await expectNoA11yViolations(page)

  // The shared rule: two characters at least, said beside the field, which keeps what was typed.
  await page.getByLabel('E-mail address or login').fill('s')
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page.getByText('Type at least 2 characters of an e-mail address or login')).toBeVisible()
  await expect(page.getByLabel('E-mail address or login')).toBeFocused()
  await expect(page.getByLabel('E-mail address or login')).toHaveValue('s')

  await page.getByLabel('E-mail address or login').fill(person)
  await page.getByLabel('E-mail address or login').press('Enter')
  const row = page.getByRole('row').filter({ hasText: person })
  await expect(row.getByRole('cell', { name: 'Operator', exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible()
  await expectNoHorizontalScroll(page)
  await expectNoA11yViolations(page)

  await row.getByRole('button', { name: `Send a reset link to ${person}` }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `A reset link has been sent. (${person})` }),
  ).toBeVisible()
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/dev/outbox.json')).json()) as OutboxMail[]
      return outbox.filter((mail) => mail.to === person && mail.subject === 'Reset your Larder password')
        .length
    })
    .toBeGreaterThan(0)

  await row.getByRole('button', { name: `Disable ${person}` }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `${person} is disabled: signed out everywhere.` }),
  ).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible()
  await row.getByRole('button', { name: `Enable ${person}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `${person} is enabled.` })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible()
  expect(errors).toEqual([])
})
