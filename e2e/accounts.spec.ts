import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { accountMessages } from '@larder/shared'
import {
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  logIn,
  register,
  type Shopper,
  watchForErrors,
} from './support/journey-helpers'

interface OutboxMail {
  to: string
  subject: string
  text: string
}

/** A shopper no other test (nor the other browser project) uses, so runs never collide. */
function newShopper(testInfo: TestInfo, firstName: string): Shopper {
  const unique = `${testInfo.project.name}${testInfo.workerIndex}${Date.now().toString(36)}`
  return {
    login: `e2e-${unique}`,
    firstName,
    lastName: 'Tester',
    email: `e2e-${unique}@example.test`,
    password: 'first-Secret-1',
  }
}

/** The navbar's account area: the first name and Logout when logged in, Login and Register when not. */
const banner = (page: Page) => page.getByRole('banner')

test('register, log in, see the first name in the navbar, log out', async ({ page }, testInfo) => {
  const errors = watchForErrors(page)
  const shopper = newShopper(testInfo, 'Priya')

  await page.goto('/register')
  await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled()
  await page.getByLabel('Username').fill('ab')
  await page.getByLabel('First name').focus()
  await expect(page.getByText('Username must be at least 3 characters long')).toBeVisible()
  await expectNoA11yViolations(page)

  await register(page, shopper)
  await expectNoA11yViolations(page)
  await logIn(page, shopper.login, shopper.password)

  await expect(page).toHaveURL(/\/$/)
  await expect(banner(page).getByText(shopper.firstName, { exact: true })).toBeVisible()
  await expect(banner(page).getByRole('button', { name: 'Logout' })).toBeVisible()
  const stored = await page.evaluate(() => ({
    token: window.localStorage.getItem('jwt_token'),
    user: window.localStorage.getItem('currentUser'),
  }))
  expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ login: shopper.login, email: shopper.email })

  await page.goto('/account')
  await expect(page.getByRole('heading', { name: `${shopper.firstName} ${shopper.lastName}` })).toBeVisible()
  await expect(page.getByText('No orders yet')).toBeVisible()
  await expectNoA11yViolations(page)

  // Changing the password: the current one is needed, a common new one is refused with a reason, and
  // this session goes on under its new token while the old password stops working.
  const changeForm = page.getByRole('region', { name: 'Change password' })
  const changeTo = async (current: string, next: string) => {
    await changeForm.getByLabel('Current password').fill(current)
    await changeForm.getByLabel('New password', { exact: true }).fill(next)
    await changeForm.getByLabel('Confirm new password').fill(next)
    await changeForm.getByRole('button', { name: 'Change password' }).click()
  }
  await changeTo(shopper.password, 'password1')
  await expect(changeForm.getByRole('alert')).toHaveText(accountMessages.passwordTooCommon)
  await changeTo('not-my-password', 'second-Secret-2')
  await expect(changeForm.getByRole('alert')).toHaveText(accountMessages.currentPasswordWrong)
  // The two refusals are 400s, which the browser logs as failed loads; nothing else has failed so far.
  expect(errors.splice(0)).toEqual([
    expect.stringContaining('status of 400 (Bad Request)'),
    expect.stringContaining('status of 400 (Bad Request)'),
  ])
  await changeTo(shopper.password, 'second-Secret-2')
  await expect(changeForm.getByRole('status')).toHaveText(accountMessages.passwordChanged)
  await expect(changeForm.getByLabel('Current password')).toHaveValue('')
  await expectNoA11yViolations(page)
  shopper.password = 'second-Secret-2'
  await page.reload()
  await expect(page.getByRole('heading', { name: `${shopper.firstName} ${shopper.lastName}` })).toBeVisible()

  // The session survives a reload: it lives in local storage.
  await page.reload()
  await expect(banner(page).getByText(shopper.firstName, { exact: true })).toBeVisible()

  await banner(page).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(banner(page).getByText(shopper.firstName, { exact: true })).toHaveCount(0)
  expect(await page.evaluate(() => window.localStorage.getItem('jwt_token'))).toBeNull()
  expect(errors).toEqual([])
})

test('forgot password: the e-mailed link sets a new password that logs in', async ({ page }, testInfo) => {
  const shopper = newShopper(testInfo, 'Ravi')
  await register(page, shopper)

  await page.getByRole('link', { name: 'Forgot Password?' }).click()
  await expect(page).toHaveURL(/\/login\/forgot-password$/)
  // The log-in page stays until the next one can show, and its "Username or email" would match 'Email'.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?')
  await page.getByLabel('Email', { exact: true }).fill(shopper.email)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible()
  await expectNoA11yViolations(page)

  // Without SMTP_URL the store keeps its mail in an outbox that development builds can list.
  const outbox = await page.request.get('/dev/outbox.json')
  expect(outbox.ok()).toBe(true)
  const mail = ((await outbox.json()) as OutboxMail[]).find((entry) => entry.to === shopper.email)
  const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?key=[\w-]+/)?.[0]
  expect(link, 'the reset mail carries a link').toBeDefined()
  // The link names PUBLIC_URL's host; the test server answers on 127.0.0.1, so only its path is kept.
  const { pathname, search } = new URL(link ?? '')
  await page.goto(`${pathname}${search}`)

  const newPassword = 'second-Secret-2'
  // A password from the common list is refused, and says why.
  await page.getByLabel('New password', { exact: true }).fill('password1')
  await page.getByLabel('Confirm new password').fill('password1')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('alert')).toHaveText(accountMessages.passwordTooCommon)

  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill('something-else')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('alert')).toHaveText('The password and its confirmation do not match!')

  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been reset. Please sign in.' }),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await logIn(page, shopper.email, shopper.password)
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.')
  await logIn(page, shopper.email, newPassword)
  await expect(page).toHaveURL(/\/$/)
  await expect(banner(page).getByText(shopper.firstName, { exact: true })).toBeVisible()

  // The key is single-use.
  await page.goto(`${pathname}${search}`)
  await page.getByLabel('New password', { exact: true }).fill('third-Secret-3')
  await page.getByLabel('Confirm new password').fill('third-Secret-3')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('alert')).toContainText("Your password couldn't be reset.")
})

test('a wrong password is refused with the spec message', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled()
  await expect(page.getByText('Google sign-in is not configured')).toBeVisible()
  await expectNoA11yViolations(page)

  await logIn(page, 'nobody-here', 'wrong-password')
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.')
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => window.localStorage.getItem('jwt_token'))).toBeNull()
})

test('the demo login screens and a reset link without a key', async ({ page }) => {
  for (const [path, heading] of [
    ['/test', 'Demo login'],
    ['/test2', 'Demo login 2'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
    await expect(page.getByLabel('Username or email')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register')
  }
  await page.goto('/reset-password')
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: 'Request a new reset link' }).click()
  await expect(page).toHaveURL(/\/login\/forgot-password$/)
})

test('a first name of the longest kind leaves the phone navbar and the auth leads whole', async ({
  page,
}, testInfo) => {
  const shopper = newShopper(testInfo, 'Bartholomewmaximilianalexanderwolfgangtheodorejohn')
  expect(shopper.firstName).toHaveLength(50)
  await register(page, shopper)
  await logIn(page, shopper.login, shopper.password)
  await expect(page).toHaveURL(/\/$/)
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  const account = banner(page).getByRole('link', { name: `Your account (${shopper.firstName})` })
  await expect(account).toBeVisible()
  await expectNoHorizontalScroll(page)
  for (const part of [account, banner(page).getByRole('link', { name: /^Cart/ })]) {
    const box = await part.boundingBox()
    expect(box?.x).toBeGreaterThanOrEqual(0)
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375)
  }
  for (const path of ['/login', '/register']) {
    await page.goto(path)
    await expect(page.getByText(`You are logged in as ${shopper.firstName}.`)).toBeVisible()
    await expectNoHorizontalScroll(page)
  }
})
