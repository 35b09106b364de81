import type { Mail } from '../../providers/mail/mailer'
import { INVITATION_TTL_DAYS } from '@larder/shared'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** The e-mail that brings a new member to the back office: a single-use link to choose a password. */
export function invitationMail(options: {
  to: string
  firstName: string
  /** "the staff of High Road Greengrocers", "Larder's operators". */
  joining: string
  invitedBy: string
  link: string
}): Mail {
  const greeting = options.firstName ? `Hello ${options.firstName},` : 'Hello,'
  const lead = `${options.invitedBy} has invited you to join ${options.joining} on Larder.`
  const text = [
    greeting,
    '',
    lead,
    `Open this link within ${INVITATION_TTL_DAYS} days to choose your password; it works once:`,
    '',
    options.link,
    '',
    'If you did not expect this, ignore this e-mail: no account can be used until a password is chosen.',
    '',
    'Larder',
  ].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b2420;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)} Open this link within ${INVITATION_TTL_DAYS} days to choose your password; it works once:</p>
<p><a href="${escapeHtml(options.link)}" style="background:#20744a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose my password</a></p>
<p style="font-size:14px">Or paste this address into your browser: ${escapeHtml(options.link)}</p>
<p>If you did not expect this, ignore this e-mail: no account can be used until a password is chosen.</p>
<p>Larder</p>
</body></html>`
  return { to: options.to, subject: `You are invited to ${options.joining} on Larder`, text, html }
}
