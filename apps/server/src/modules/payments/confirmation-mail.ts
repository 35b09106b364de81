import { formatPounds, penceToPounds } from '@larder/shared'
import type { Mail } from '../../providers/mail/mailer'
import type { OrderLineRow, OrderRow } from '../orders/orders.repository'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const money = (pence: number) => formatPounds(penceToPounds(pence))

const deliveryAddress = (order: OrderRow) =>
  [
    `${order.deliveryFirstName} ${order.deliveryLastName}`.trim(),
    order.deliveryAddress,
    order.deliveryCity,
    order.deliveryState,
    order.deliveryPostCode,
    order.deliveryCountry,
    order.deliveryPhoneNumber,
  ].filter((part) => part.trim() !== '')

/** The e-mail a shopper gets once the payment is in and the goods are set aside: HTML and plain text. */
export function orderConfirmationMail(order: OrderRow, lines: OrderLineRow[], publicUrl: string): Mail {
  const link = `${publicUrl}/order-confirmation/${order.id}`
  const greeting = order.deliveryFirstName ? `Hello ${order.deliveryFirstName},` : 'Hello,'
  const totals: [string, number][] = [
    ['Sub total', order.subTotalPence],
    ['Delivery', order.shippingPence],
    ['Total paid', order.totalAmountPence],
  ]
  const text = [
    greeting,
    '',
    `Thank you for your order ${order.orderNumber}. Your payment has been received.`,
    '',
    ...lines.map(
      (line) =>
        `${line.quantity} × ${line.productName} (${money(line.pricePence)}): ${money(line.totalPricePence)}`,
    ),
    '',
    ...totals.map(([label, pence]) => `${label}: ${money(pence)}`),
    '',
    'Delivering to:',
    ...deliveryAddress(order),
    '',
    `Your order: ${link}`,
    '',
    'Larder',
  ].join('\n')
  const cell = 'padding:6px 8px;border-bottom:1px solid #d7dfd9'
  const rows = lines
    .map(
      (line) => `<tr><td style="${cell}">${escapeHtml(line.productName)}</td>
<td style="${cell};text-align:right">${line.quantity}</td>
<td style="${cell};text-align:right">${money(line.pricePence)}</td>
<td style="${cell};text-align:right">${money(line.totalPricePence)}</td></tr>`,
    )
    .join('\n')
  const totalRows = totals
    .map(
      ([label, pence]) =>
        `<tr><td colspan="3" style="padding:4px 8px;text-align:right">${label}</td><td style="padding:4px 8px;text-align:right"><strong>${money(pence)}</strong></td></tr>`,
    )
    .join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b2420;line-height:1.5;max-width:40rem">
<p>${escapeHtml(greeting)}</p>
<p>Thank you for your order <strong>${escapeHtml(order.orderNumber)}</strong>. Your payment has been received.</p>
<table style="border-collapse:collapse;width:100%">
<thead><tr><th style="${cell};text-align:left">Product</th><th style="${cell};text-align:right">Qty</th><th style="${cell};text-align:right">Price</th><th style="${cell};text-align:right">Total</th></tr></thead>
<tbody>
${rows}
${totalRows}
</tbody></table>
<p><strong>Delivering to</strong><br>${deliveryAddress(order).map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(link)}" style="background:#20744a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See your order</a></p>
<p>Larder</p>
</body></html>`
  return { to: order.email, subject: `Your Larder order ${order.orderNumber}`, text, html }
}

/** Sent when a paid order could not be filled (mostly: the stock went to earlier payers) and the money went back. */
export function orderRefundMail(order: OrderRow, publicUrl: string): Mail {
  const link = `${publicUrl}/order-confirmation/${order.id}`
  const greeting = order.deliveryFirstName ? `Hello ${order.deliveryFirstName},` : 'Hello,'
  const body = `We are sorry: we could not fill your order ${order.orderNumber}, usually because something in it sold out just before your payment reached us. We have refunded the full ${money(order.totalAmountPence)} to your card; it usually arrives within 3 to 4 working days.`
  const text = [greeting, '', body, '', `Your order: ${link}`, '', 'Larder'].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b2420;line-height:1.5;max-width:40rem">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}">See your order</a></p><p>Larder</p>
</body></html>`
  return { to: order.email, subject: `Your Larder order ${order.orderNumber} was refunded`, text, html }
}

/** Sent when the operator's refund (in full, or of some lines) has been made by the payment provider. */
export function orderRefundMadeMail(
  order: OrderRow,
  refund: { amountPence: number; lines: { productName: string; quantity: number; amountPence: number }[] },
  publicUrl: string,
): Mail {
  const link = `${publicUrl}/order-confirmation/${order.id}`
  const greeting = order.deliveryFirstName ? `Hello ${order.deliveryFirstName},` : 'Hello,'
  const whole = order.orderStatus === 'REFUNDED'
  const body = whole
    ? `We have refunded ${money(refund.amountPence)} of your order ${order.orderNumber} to your card, which makes the whole of it. It usually arrives within 3 to 4 working days.`
    : `We have refunded ${money(refund.amountPence)} of your order ${order.orderNumber} to your card, for the items below; the rest of your order stands. It usually arrives within 3 to 4 working days.`
  const items = refund.lines.map(
    (line) => `${line.quantity} × ${line.productName}: ${money(line.amountPence)}`,
  )
  const text = [greeting, '', body, '', ...items, '', `Your order: ${link}`, '', 'Larder'].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b2420;line-height:1.5;max-width:40rem">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}">See your order</a></p><p>Larder</p>
</body></html>`
  const subject = whole
    ? `Your Larder order ${order.orderNumber} was refunded`
    : `Part of your Larder order ${order.orderNumber} was refunded`
  return { to: order.email, subject, text, html }
}
