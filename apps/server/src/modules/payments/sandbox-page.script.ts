/**
 * The sandbox payment page's one script, served as a file of its own (the CSP allows the site's own
 * files, never inline code). The page works without it: the server reads an expiry typed as bare digits
 * (`1230`) as well as `12 / 30` (sandbox-card.ts `parseExpiry`).
 *
 * It writes the expiry as `MM / YY` while the shopper types, as Stripe's form does: `1230` shows
 * `12 / 30`, a first digit above 1 is a month (`4` → `04 / `), and deleting the separator deletes it rather
 * than write it again. Plain ES5, for any browser that opens a payment link.
 */
export const SANDBOX_SCRIPT = `(function () {
  'use strict';
  var field = document.getElementById('expiry');
  if (!field) return;
  function format(value, deleting) {
    var typed = /^\\s*(\\d{1,2})\\s*\\/\\s*(\\d{4})\\s*$/.exec(value);
    if (typed) value = typed[1] + typed[2].slice(2);
    var digits = value.replace(/\\D/g, '').slice(0, 4);
    if (digits.length === 1 && Number(digits) > 1) digits = '0' + digits;
    if (digits.length > 2 || (digits.length === 2 && !deleting)) return digits.slice(0, 2) + ' / ' + digits.slice(2);
    return digits;
  }
  field.addEventListener('input', function (event) {
    var deleting = typeof event.inputType === 'string' && event.inputType.indexOf('delete') === 0;
    var next = format(field.value, deleting);
    if (next !== field.value) field.value = next;
  });
})();
`
