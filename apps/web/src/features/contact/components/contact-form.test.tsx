import { CONTACT_FORM_DATA, type ContactFormState } from '@larder/shared'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { requestDataKey } from '../../../framework/page/request-data'
import { fakeApi, type FakeReply, type FakeRoute } from '../../../testing/fake-api'
import { createTestQueryClient, renderRoutes } from '../../../testing/render-app'
import { ContactForm } from './contact-form'

const MESSAGES = '/api/public/contact-messages'

function serve(reply: FakeRoute) {
  return fakeApi({ [`POST ${MESSAGES}`]: reply })
}

function renderForm() {
  return renderRoutes('/contactus', [{ path: '/contactus', Component: ContactForm }])
}

const field = (name: string) => screen.getByLabelText(name)

describe('ContactForm', { timeout: 20_000 }, () => {
  it('has the spec’s fields with their input types and a 10-row message', () => {
    renderForm()
    expect(field('Name')).toHaveAttribute('type', 'text')
    expect(field('Email address')).toHaveAttribute('type', 'email')
    expect(field('Phone number')).toHaveAttribute('type', 'tel')
    expect(field('Message').tagName).toBe('TEXTAREA')
    expect(field('Message')).toHaveAttribute('rows', '10')
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit')
  })

  it('refuses a bad e-mail address in the browser and sends nothing', async () => {
    const { log } = serve({ status: 201, body: { id: 1, message: 'ok' } })
    const { user } = renderForm()
    await user.type(field('Email address'), 'not-an-email')
    await user.type(field('Message'), 'Do you sell rye bread?')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Invalid email')).toBeInTheDocument()
    expect(field('Email address')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Email address')).toHaveAccessibleDescription('Invalid email')
    expect(field('Email address')).toHaveFocus()
    expect(log).toEqual([])
  })

  it('asks for a message before sending', async () => {
    const { log } = serve({ status: 201, body: { id: 1, message: 'ok' } })
    const { user } = renderForm()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Message is required')).toBeInTheDocument()
    expect(log).toEqual([])
  })

  it('asks for an e-mail address or a phone number, the ways it promises to reply', async () => {
    const { log } = serve({ status: 201, body: { id: 1, message: 'ok' } })
    const { user } = renderForm()
    await user.type(field('Message'), 'Do you sell rye bread?')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText('Please give an email address or a phone number, so that we can reply'),
    ).toBeInTheDocument()
    expect(field('Email address')).toHaveAccessibleDescription(
      'Please give an email address or a phone number, so that we can reply',
    )
    expect(log).toEqual([])
  })

  it('posts the trimmed message, shows the thank-you and clears the form', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/'
    const { log } = serve({ status: 201, body: { id: 7, message: 'Thank you, your message has been sent.' } })
    const { user } = renderForm()
    await user.type(field('Name'), '  Ada Lovelace ')
    await user.type(field('Email address'), 'ada@example.com')
    await user.type(field('Phone number'), '020 7946 0999')
    await user.type(field('Message'), 'Do you deliver to Pinner on Saturdays?')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you, your message has been sent.')
    // The app-check module may ask for the public config first; exactly one message is sent.
    const posts = log.filter((request) => request.path === MESSAGES)
    expect(posts).toHaveLength(1)
    const [post] = posts
    expect(post?.method).toBe('POST')
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('abc')
    expect(post?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '020 7946 0999',
      message: 'Do you deliver to Pinner on Saturdays?',
    })
    await waitFor(() => expect(field('Message')).toHaveValue(''))
    expect(field('Name')).toHaveValue('')
    expect(field('Email address')).toHaveValue('')
  })

  it('refuses a second press while sending, keeping the focus on Send', async () => {
    let release: (reply: FakeReply) => void = () => {}
    const pending = new Promise<FakeReply>((resolve) => {
      release = resolve
    })
    const { sent } = serve(() => pending)
    const { user } = renderForm()
    await user.type(field('Message'), 'Hello')
    await user.type(field('Email address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const button = await screen.findByRole('button', { name: 'Sending…' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveFocus()
    await user.click(button)
    await user.keyboard('{Enter}')
    release({ status: 201, body: { id: 2, message: 'Thank you, your message has been sent.' } })
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you')
    expect(sent(`POST ${MESSAGES}`)).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled')
  })

  it("shows the server's field errors beside their fields", async () => {
    serve({
      status: 400,
      body: {
        message: 'Some fields are not valid',
        fieldErrors: { phone: ['Phone number may contain only digits, spaces and + ( ) -'] },
      },
    })
    const { user } = renderForm()
    await user.type(field('Message'), 'Hello')
    await user.type(field('Email address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid')
    expect(field('Phone number')).toHaveAccessibleDescription(
      'Phone number may contain only digits, spaces and + ( ) -',
    )
    expect(field('Message')).toHaveValue('Hello')
  })

  it('shows the rate-limit message and keeps what was typed', async () => {
    serve({ status: 429, body: { message: 'Too many requests. Please try again in 540 seconds.' } })
    const { user } = renderForm()
    await user.type(field('Message'), 'One more question')
    await user.type(field('Email address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in 540 seconds.',
    )
    expect(screen.getByRole('status')).toHaveTextContent('')
    expect(field('Message')).toHaveValue('One more question')
  })

  it('says so when the shop cannot be reached', async () => {
    const { sent } = serve(() => {
      throw new TypeError('Failed to fetch')
    })
    const { user } = renderForm()
    await user.type(field('Message'), 'Hello')
    await user.type(field('Email address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the shop')
    expect(sent(`POST ${MESSAGES}`)).toHaveLength(1)
  })
})

/** The form as the server renders it for a page without scripts, from the state its route gives it. */
function renderPosted(state: ContactFormState) {
  const client = createTestQueryClient()
  client.setQueryData(requestDataKey(CONTACT_FORM_DATA), state)
  const element = (
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>
  )
  return { markup: renderToString(element), element }
}

const POSTED: ContactFormState = {
  hidden: { xsrf: 'cookie-value', appCheck: 'form-token' },
  values: { name: 'Ada', email: '', phone: 'call me maybe', message: 'Hello' },
  fieldErrors: { phone: 'Phone number may contain only digits, spaces and + ( ) -' },
  notice: { kind: 'error', text: 'Your message was not sent: please correct the marked fields.' },
}

describe('ContactForm without scripts', { timeout: 20_000 }, () => {
  it('posts to the contact page with the hidden fields the server gave it', () => {
    const page = new DOMParser().parseFromString(renderPosted(POSTED).markup, 'text/html')
    const form = page.querySelector('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/contactus#contact-form')
    expect(form?.id).toBe('contact-form')
    const hidden = [...page.querySelectorAll('input[type=hidden]')].map((input) => [
      input.getAttribute('name'),
      input.getAttribute('value'),
    ])
    expect(hidden).toEqual([
      ['_xsrf', 'cookie-value'],
      ['_app_check', 'form-token'],
    ])
    for (const name of ['name', 'email', 'phone', 'message'])
      expect(page.querySelector(`[name=${name}]`)).not.toBeNull()
  })

  it("shows the server's verdict with what was typed, in the page's first markup", () => {
    const page = new DOMParser().parseFromString(renderPosted(POSTED).markup, 'text/html')
    expect(page.querySelector<HTMLInputElement>('[name=name]')?.getAttribute('value')).toBe('Ada')
    expect(page.querySelector<HTMLInputElement>('[name=phone]')?.getAttribute('value')).toBe('call me maybe')
    expect(page.querySelector('[name=message]')?.textContent).toBe('Hello')
    const phone = page.querySelector('[name=phone]')
    expect(phone?.getAttribute('aria-invalid')).toBe('true')
    expect(page.getElementById(phone?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Phone number may contain only digits, spaces and + ( ) -',
    )
    expect(page.querySelector('[role=alert]')?.textContent).toBe(POSTED.notice?.text)
  })

  it('thanks the shopper on the page the post answers with', () => {
    const sent: ContactFormState = {
      hidden: { xsrf: 'cookie-value' },
      values: { name: '', email: '', phone: '', message: '' },
      fieldErrors: {},
      notice: { kind: 'success', text: 'Thank you, your message has been sent.' },
    }
    const page = new DOMParser().parseFromString(renderPosted(sent).markup, 'text/html')
    expect(page.querySelector('[role=status]')?.textContent).toBe('Thank you, your message has been sent.')
    expect(page.querySelectorAll('input[type=hidden]')).toHaveLength(1)
  })

  it('forgets a posted mistake once its field is edited, and sends through the API with scripts', async () => {
    const { log } = serve({ status: 201, body: { id: 1, message: 'ok' } })
    const user = userEvent.setup()
    render(renderPosted(POSTED).element)
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true')
    await user.clear(field('Phone number'))
    await user.type(field('Phone number'), '020 7946 0000')
    expect(field('Phone number')).not.toHaveAttribute('aria-invalid')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(await screen.findByText('Thank you, your message has been sent.')).toBeInTheDocument()
  })
})
