import { Search } from 'lucide-react'
import type { FormEvent } from 'react'
import { useNavigate } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import styles from './template.module.css'
import { TemplateDialog } from './template-dialog'

interface SearchModalProps {
  open: boolean
  onClose: () => void
}

/**
 * The template's search modal: a GET form with the field `q`. Our listing reads
 * `search`, so the submit handler carries q over to /products?search=; the action still names the
 * listing for anyone without scripts.
 */
export function SearchModal({ open, onClose }: SearchModalProps) {
  const navigate = useNavigate()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = new FormData(event.currentTarget).get('q')
    // Blank text (after trimming) is never searched.
    if (typeof q !== 'string' || q.trim() === '') return
    onClose()
    navigate(paths.products.getHref(q))
  }

  return (
    <TemplateDialog open={open} onClose={onClose} title="Search products" placement="top">
      <form
        role="search"
        method="get"
        action={paths.products.getHref()}
        className={styles.searchForm}
        onSubmit={submit}
      >
        <label htmlFor="template-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="template-search"
          type="search"
          name="q"
          placeholder="Search product here.."
          required
          autoComplete="off"
          data-autofocus
          className={styles.searchInput}
        />
        <button type="submit" className={`button-primary ${styles.primaryButton}`}>
          <Search aria-hidden="true" size={18} />
          Search
        </button>
      </form>
    </TemplateDialog>
  )
}
