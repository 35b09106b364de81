/**
 * Demo contact details (the contact page's "Get in touch" shows demo placeholders). The phone numbers are in
 * Ofcom's 020 7946 0xxx drama range and the addresses use the reserved .test domain, so nobody real is
 * ever rung or mailed. The footer shows the same details.
 */
export const SHOP_ADDRESS = ['Larder, Unit 4 Willesden Yard', '120 Church Road', 'London NW10 9NH'] as const

export const SHOP_PHONES = [
  { label: 'Customer service', display: '020 7946 0123', tel: '+442079460123' },
  { label: 'Shop partners', display: '020 7946 0456', tel: '+442079460456' },
] as const

export const SHOP_EMAILS = [
  { label: 'General enquiries', address: 'hello@larder.test' },
  { label: 'Orders and refunds', address: 'support@larder.test' },
] as const

export const SOCIAL_LINK = {
  href: 'https://www.instagram.com/',
  label: 'Follow Larder on Instagram',
} as const

/** For the "open a real map" link beside the drawn one. */
export const SHOP_MAP_URL =
  'https://www.openstreetmap.org/search?query=120%20Church%20Road%2C%20London%20NW10%209NH'
