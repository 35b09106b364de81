/**
 * The contact form's schema, the one the server applies, in a module that the form imports lazily
 * (lib/lazy-zod-resolver.ts): it and zod make a chunk of their own, outside the page's first load.
 */
export { ContactMessageSchema } from '@larder/shared'
