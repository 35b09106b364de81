import styles from './example-filters.module.css'

// The spec's decorative sidebar: template content, not wired to data. The controls are disabled and the
// panel says so, so nobody expects them to filter the shops.
const CATEGORIES = ['Bread', 'Cakes', 'Bun', 'Pastries']
const FLAVOURS = ['Sponge', 'Pumpkin', 'Velvet']
const BRANDS = ['Larder Bakehouse', 'Village Mill', 'Crumb & Co']
const AVAILABILITY = ['In stock', 'Out of stock']

function Options({ legend, names }: { legend: string; names: readonly string[] }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {names.map((name) => (
        <label key={name} className={styles.option}>
          <input type="checkbox" />
          {name}
        </label>
      ))}
    </fieldset>
  )
}

export function ExampleFilters() {
  return (
    <aside className={styles.sidebar} aria-labelledby="example-filters-heading">
      <h2 id="example-filters-heading" className={styles.heading}>
        Example filters
      </h2>
      <p className={styles.note}>A preview of the filters to come: they don’t change the list yet.</p>
      <fieldset disabled className={styles.all}>
        <Options legend="Categories" names={CATEGORIES} />
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Price</legend>
          <label className={styles.range}>
            <span>Up to £250</span>
            <input type="range" min={0} max={250} defaultValue={250} />
          </label>
        </fieldset>
        <Options legend="Flavour" names={FLAVOURS} />
        <Options legend="Brand" names={BRANDS} />
        <Options legend="Availability" names={AVAILABILITY} />
      </fieldset>
    </aside>
  )
}
