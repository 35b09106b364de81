import { CARD_HEIGHT_SCRIPT } from './card-height'
import { EARLY_CLICKS_SCRIPT } from './early-clicks'
import { ENTRY_AFTER_PAINT_SCRIPT } from './entry-after-paint'

/** Every script a server-rendered page carries inline: the server allows exactly these by their hashes. */
export const PAGE_INLINE_SCRIPTS = [
  EARLY_CLICKS_SCRIPT,
  ENTRY_AFTER_PAINT_SCRIPT,
  CARD_HEIGHT_SCRIPT,
] as const
