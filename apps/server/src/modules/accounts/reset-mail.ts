import type { Mail } from '../../providers/mail/mailer'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

export function passwordResetMail(options: { to: string; firstName: string; link: string }): Mail {
  const greeting = options.firstName ? `Hello ${options.firstName},` : 'Hello,'
  const text = [
    greeting,
    '',
    'Someone (we hope you) asked to reset the password of your Larder account.',
    'Open this link within 24 hours to choose a new password:',
    '',
    options.link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    'Larder',
  ].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b2420;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>Someone (we hope you) asked to reset the password of your Larder account. Open this link within 24 hours to
choose a new password:</p>
<p><a href="${escapeHtml(options.link)}" style="background:#20744a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Reset my password</a></p>
<p style="font-size:14px">Or paste this address into your browser: ${escapeHtml(options.link)}</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p>Larder</p>
</body></html>`
  return { to: options.to, subject: 'Reset your Larder password', text, html }
}
