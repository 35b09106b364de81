import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useCategories, visibleCategories } from '../api/get-categories'

interface CategoryLinksProps {
  listClassName?: string
  messageClassName?: string
}

/** Links to the listing of each level-1 category, straight from the API's category tree. */
export function CategoryLinks({ listClassName, messageClassName }: CategoryLinksProps) {
  const { data, isPending, isError } = useCategories()
  if (isPending) return <p className={messageClassName}>Loading categories…</p>
  if (isError) return <p className={messageClassName}>Categories are unavailable just now.</p>
  return (
    <ul className={listClassName}>
      {visibleCategories(data).map((category) => (
        <li key={category.categoryName}>
          <Link to={paths.productCategory.getHref(category.categoryName)}>{category.categoryName}</Link>
        </li>
      ))}
    </ul>
  )
}
