import { formatPounds, penceToPounds } from '@larder/shared'
import type { SandboxCheckout } from '../../providers/payments/sandbox-store'
import {
  CARD_FIELDS,
  formatExpiry,
  type CardErrors,
  type CardField,
  type CardFormValues,
} from './sandbox-card'

export const SANDBOX_CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' }

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const money = (pence: number) => formatPounds(penceToPounds(pence))

/**
 * One style element, which the CSP allows; no inline script (the CSP allows none): the page's one script
 * is a file of its own (`scriptPath`), and the form works without it.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#fff;line-height:1.4}
.test{margin:0;background:#fff4e5;color:#7a4100;text-align:center;font-size:.85rem;padding:.45rem 1rem;border-bottom:1px solid #f5d9b0}
.wrap{display:flex;flex-wrap:wrap;min-height:calc(100vh - 2rem)}
.summary{flex:1 1 22rem;background:#f6f8fa;padding:3rem clamp(1.25rem,5vw,4rem)}
.pay{flex:1 1 22rem;padding:3rem clamp(1.25rem,5vw,4rem);max-width:34rem}
.brand{font-weight:700;font-size:1.1rem;color:#20744a;margin:0 0 2rem}
.label{color:#5c6578;margin:0}
.total{font-size:2.25rem;font-weight:650;margin:.25rem 0 2rem}
ul{list-style:none;margin:0;padding:0}
li{display:flex;justify-content:space-between;gap:1rem;padding:.6rem 0;border-bottom:1px solid #e3e8ee}
li small{display:block;color:#5c6578}
.sum{display:flex;justify-content:space-between;font-weight:650;padding-top:1rem}
h1{font-size:1.25rem;margin:0 0 1.5rem}
label,.legend{display:block;font-size:.9rem;color:#30313d;margin:1rem 0 .35rem;font-weight:500}
input{width:100%;font:inherit;padding:.7rem .75rem;border:1px solid #d5dbe1;border-radius:6px;background:#fff;color:inherit}
input:focus{outline:2px solid #6a8dff;outline-offset:0;border-color:#6a8dff}
fieldset{border:0;padding:0;margin:0}
legend{padding:0}
.card{border:1px solid #d5dbe1;border-radius:6px}
.card input{border:0;border-radius:0}
.card .row{display:flex;border-top:1px solid #d5dbe1}
.card .row input+input{border-left:1px solid #d5dbe1}
.error{background:#fdecea;color:#9e1c23;border:1px solid #f3c1c4;border-radius:6px;padding:.7rem .8rem;margin:1.25rem 0 0}
.field-errors{margin:.5rem 0 0}
.field-error{color:#9e1c23;font-size:.9rem;margin:.25rem 0 0}
input[aria-invalid=true]{border-color:#df1b41;color:#9e1c23}
.card input[aria-invalid=true]{box-shadow:inset 0 0 0 1px #df1b41}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:600;font-size:1.05rem;padding:.85rem;border:0;border-radius:6px;background:#20744a;color:#fff;cursor:pointer}
button:hover{background:#185c3a}
.hint{color:#697386;font-size:.85rem;margin-top:1.25rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`

function page(title: string, body: string, scriptPath?: string): string {
  const script = scriptPath ? `<script src="${escapeHtml(scriptPath)}" defer></script>` : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${script}</head>
<body><p class="test">Sandbox payments: test mode, no real card is charged.</p>${body}</body></html>`
}

/** The hosted card page: the order summary on one side, the card form on the other. */
export function checkoutPage(options: {
  checkout: SandboxCheckout
  action: string
  clientReferenceId: string | undefined
  values?: Partial<CardFormValues>
  /** Each card field's mistake, all shown at once under the card box. */
  fieldErrors?: CardErrors
  /** A message about the payment itself (declined, not taken). */
  error?: string
  /** The page's script (sandbox-page.script.ts), which writes the expiry as it is typed. */
  scriptPath?: string
}): string {
  const { checkout, values = {} } = options
  const lines = checkout.lineItems
    .map(
      (
        line,
      ) => `<li><span>${escapeHtml(line.name)}<small>Qty ${line.quantity}${line.quantity > 1 ? ` · ${money(line.unitAmountPence)} each` : ''}</small></span>
<span>${money(line.unitAmountPence * line.quantity)}</span></li>`,
    )
    .join('\n')
  const value = (field: keyof CardFormValues) => escapeHtml(values[field] ?? '')
  // The order's address until the shopper types another, as Stripe prefills a session's customer_email.
  const email = values.email ?? checkout.customerEmail ?? ''
  const fieldErrors = options.fieldErrors ?? {}
  const errorId = (field: CardField) => `${field}-error`
  /** aria-invalid and the error it is described by, on a field with a mistake; the payment's error on the number. */
  const marks = (field: CardField) => {
    const described = [
      ...(fieldErrors[field] ? [errorId(field)] : []),
      ...(field === 'cardNumber' && options.error ? ['payment-error'] : []),
    ]
    return `${fieldErrors[field] ? ' aria-invalid="true"' : ''}${described.length > 0 ? ` aria-describedby="${described.join(' ')}"` : ''}`
  }
  const listed = CARD_FIELDS.filter((field) => fieldErrors[field])
  const fieldErrorList =
    listed.length > 0
      ? `<div class="field-errors" role="alert">${listed
          .map(
            (field) =>
              `<p class="field-error" id="${errorId(field)}">${escapeHtml(fieldErrors[field] ?? '')}</p>`,
          )
          .join('')}</div>`
      : ''
  const reference = options.clientReferenceId
    ? `<input type="hidden" name="client_reference_id" value="${escapeHtml(options.clientReferenceId)}">`
    : ''
  const error = options.error
    ? `<p class="error" role="alert" id="payment-error">${escapeHtml(options.error)}</p>`
    : ''
  return page(
    `Pay ${money(checkout.amountTotalPence)} to Larder`,
    `<main class="wrap">
<section class="summary" aria-labelledby="summary-title">
<p class="brand">Larder</p>
<p class="label" id="summary-title">Pay Larder</p>
<p class="total">${money(checkout.amountTotalPence)}</p>
<ul>${lines}</ul>
<p class="sum"><span>Total due</span><span>${money(checkout.amountTotalPence)}</span></p>
</section>
<section class="pay">
<h1>Pay with card</h1>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${reference}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}">
<fieldset><legend class="legend">Card information</legend>
<div class="card">
<label class="visually-hidden" for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${value('cardNumber')}" required${marks('cardNumber')}>
<div class="row">
<label class="visually-hidden" for="expiry">Expiry date (MM / YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" value="${escapeHtml(formatExpiry(values.expiry))}" required${marks('expiry')}>
<label class="visually-hidden" for="cvc">Security code (CVC)</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="" required${marks('cvc')}>
</div></div>${fieldErrorList}</fieldset>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="${value('name')}">
${error}
<button type="submit">Pay ${money(checkout.amountTotalPence)}</button>
<p class="hint">Test cards: ${SANDBOX_CARDS.pays} pays, ${SANDBOX_CARDS.declined} is declined. Any future expiry date and any three digits.</p>
</form>
</section>
</main>`,
    options.scriptPath,
  )
}

/** A page with one message: a link that is used up or unknown, or a payment that could not be confirmed. */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  const action = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''
  return page(
    title,
    `<main class="pay"><p class="brand">Larder</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${action}</main>`,
  )
}
