import { lazy, Suspense } from 'react'
import { useDocumentTitle } from '../../framework/page/document-title'
import { ContactForm } from '../contact'
import { ContactCard } from './components/contact-card'
import { PageHeader } from './components/page-header'
import { ShopMap } from './components/shop-map'
import styles from './contact-us-page.module.css'
import { BottomBar } from './template/bottom-bar'
import { cartCount } from './template/demo-data'
import { BakeryShowcase, TemplateToolbar } from './template/template-chrome'
import { useBakeryTemplate } from './template/use-bakery-template'
import { usePageSummary } from '../../framework/page/page-meta'

// Most visitors come to write to us, not to open the template's panels: their code waits for a click.
const TemplateDialogs = lazy(() =>
  import('./template/template-dialogs').then((m) => ({ default: m.TemplateDialogs })),
)

/**
 * The contact page and the bakery template around it. The
 * details, the map and the form are ours; the toolbar, showcase, dialogs and bottom bar are the template's
 * static demo content.
 */
export function ContactUsPage() {
  useDocumentTitle('Contact us')
  usePageSummary({
    description:
      'Get in touch with Larder: our address, telephone numbers and e-mail, and a form to send us a message.',
  })
  const template = useBakeryTemplate()
  return (
    <div className={styles.page}>
      <PageHeader heading="Contact us" aside={<TemplateToolbar template={template} />}>
        <p className={styles.lead}>
          A question about an order, a delivery or one of our shops? Call, write or drop us a message below.
        </p>
      </PageHeader>

      <div className={styles.content}>
        <div className={styles.columns}>
          <section className={styles.panel} aria-labelledby="get-in-touch">
            <h2 id="get-in-touch" className={styles.heading}>
              Get in touch
            </h2>
            <ContactCard />
            <ShopMap />
          </section>
          <section className={styles.panel} aria-labelledby="drop-us-message">
            <h2 id="drop-us-message" className={styles.heading}>
              Drop us message
            </h2>
            <p className={styles.intro}>
              Tell us how we can help and leave an e-mail address or phone number so we can reply.
            </p>
            <ContactForm />
          </section>
        </div>
        <BakeryShowcase template={template} />
      </div>

      <BottomBar
        cartCount={cartCount(template.lines)}
        onSearch={() => template.open('search')}
        onCart={() => template.open('cart')}
      />
      {template.used && (
        <Suspense fallback={null}>
          <TemplateDialogs template={template} />
        </Suspense>
      )}
    </div>
  )
}
