import { useId, useMemo } from 'react'
import { useNavigate } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useCategories } from '../../catalog'
import { choiceValue, mallCategoryGroups } from '../mall-categories'
import styles from '../mall-page.module.css'

interface MallCategorySelectProps {
  levels: readonly (string | undefined)[]
  /** The current name search, carried over to the new category. */
  search: string
}

export function MallCategorySelect({ levels, search }: MallCategorySelectProps) {
  const { data, isPending, isError, refetch } = useCategories({ freeOnly: true })
  const navigate = useNavigate()
  const id = useId()
  const groups = useMemo(() => mallCategoryGroups(data ?? []), [data])
  const current = choiceValue(levels)

  const choose = (value: string) => {
    const choice = groups.flatMap((group) => group.choices).find((option) => option.value === value)
    const path = choice
      ? paths.mallCategory.getHref(choice.levels[0], choice.levels[1], choice.levels[2])
      : paths.mall.getHref()
    navigate(search === '' ? path : `${path}?${new URLSearchParams({ search })}`)
  }

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Category
      </label>
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(event) => choose(event.target.value)}
        disabled={isPending || isError}
      >
        <option value="">{isPending ? 'Loading categories…' : 'All free items'}</option>
        {/* A category reached by URL is kept selectable while the tree loads or if it is not in the tree. */}
        {current !== '' && !groups.some((group) => group.choices.some((c) => c.value === current)) && (
          <option value={current}>{levels.filter(Boolean).join(' › ')}</option>
        )}
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {isError && (
        <p className={styles.fieldNote} role="alert">
          Categories are unavailable just now.{' '}
          <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      )}
    </div>
  )
}
