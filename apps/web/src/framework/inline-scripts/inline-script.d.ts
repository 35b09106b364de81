/**
 * A browser script of this folder compiled for a server-rendered page's `<head>`
 * (`import script from './early-clicks?inline-script'`, built by apps/web/inline-scripts-plugin.ts).
 */
declare module '*?inline-script' {
  const script: {
    /** The minified script, to go between `<script>` and `</script>` exactly as it is. */
    code: string
    /** Its CSP source without the quotes: `sha256-` and the base64 SHA-256 of `code`. */
    hash: string
  }
  export default script
}
