import { formatPounds, penceToPounds } from '@larder/shared'
import type { Mail } from '../../providers/mail/mailer'
import type { OrderLineRow, OrderRow } from './orders.repository'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** Sent when one shop of an order dispatches its part: that shop's items only, as each shop sends its own. */
export function orderDispatchedMail(
  order: OrderRow,
  shopName: string,
  lines: OrderLineRow[],
  publicUrl: string,
): Mail {
  const link = `${publicUrl}/order-confirmation/${order.id}`
  const greeting = order.deliveryFirstName ? `Hello ${order.deliveryFirstName},` : 'Hello,'
  const body = `${shopName} has dispatched its part of your order ${order.orderNumber}:`
  const items = lines.map(
    (line) => `${line.quantity} × ${line.productName} (${formatPounds(penceToPounds(line.totalPricePence))})`,
  )
  const address = [order.deliveryAddress, order.deliveryCity, order.deliveryPostCode]
    .filter((part) => part.trim() !== '')
    .join(', ')
  const text = [
    greeting,
    '',
    body,
    ...items,
    '',
    `On its way to: ${address}`,
    '',
    `Your order: ${link}`,
    '',
    'Larder',
  ].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b2420;line-height:1.5;max-width:40rem">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
<p>On its way to: ${escapeHtml(address)}</p>
<p><a href="${escapeHtml(link)}">See your order</a></p><p>Larder</p>
</body></html>`
  return {
    to: order.email,
    subject: `${shopName} has dispatched your Larder order ${order.orderNumber}`,
    text,
    html,
  }
}
