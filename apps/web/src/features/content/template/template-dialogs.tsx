import { MiniCart } from './mini-cart'
import { MobileMenu } from './mobile-menu'
import { QuickView } from './quick-view'
import { SearchModal } from './search-modal'
import type { BakeryTemplate } from './use-bakery-template'

/** Every template dialog; each is a closed native `<dialog>` until its button opens it. */
export function TemplateDialogs({ template }: { template: BakeryTemplate }) {
  return (
    <>
      <SearchModal open={template.panel === 'search'} onClose={template.close} />
      <MobileMenu open={template.panel === 'menu'} onClose={template.close} />
      <MiniCart
        open={template.panel === 'cart'}
        onClose={template.close}
        lines={template.lines}
        onRemove={template.removeLine}
        onRestore={template.restoreLines}
      />
      <QuickView
        open={template.panel === 'quick-view'}
        onClose={template.close}
        product={template.quickViewProduct}
      />
    </>
  )
}
