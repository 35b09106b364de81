import { DELIVERY_CITY_CHOICES, nearestDeliveryCity } from '@larder/shared'
import { LocateFixed, MapPin } from 'lucide-react'
import { useId, useState } from 'react'
import field from '../../styles/field.module.css'
import { useDeliveryCity } from './delivery-city'
import styles from './city-selector.module.css'

const LOCATION_NOTE = 'We could not read your location. Please choose your town from the list.'

/** The UK towns (26 kB gzip) come in their own chunk, only for a shopper who asks to be located. */
const loadUkTowns = () =>
  import('./uk-towns').then(
    (module) => module.UK_TOWNS,
    (error: unknown) => {
      console.warn('Could not load the list of UK towns', error)
      return null
    },
  )

/** The delivery-town selector: empty at first, or filled from the browser's location. */
export function CitySelector() {
  const { city, setCity } = useDeliveryCity()
  const selectId = useId()
  const [locating, setLocating] = useState(false)
  const [note, setNote] = useState('')

  const locate = () => {
    if (!('geolocation' in navigator)) {
      console.warn('Geolocation is not available in this browser')
      setNote(LOCATION_NOTE)
      return
    }
    setLocating(true)
    setNote('')
    // Fetched alongside the position rather than after it.
    const ukTowns = loadUkTowns()
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude: lat, longitude: lng } = position.coords
        void ukTowns.then((towns) => {
          setLocating(false)
          if (towns === null) setNote(LOCATION_NOTE)
          else setCity(nearestDeliveryCity({ lat, lng }, towns))
        })
      },
      (error) => {
        // Geolocation errors are only logged; the note just says what to do instead.
        console.warn('Could not read the location', error.message)
        setLocating(false)
        setNote(LOCATION_NOTE)
      },
      { timeout: 10_000, maximumAge: 600_000 },
    )
  }

  return (
    <div className={styles.selector}>
      <label htmlFor={selectId} className={styles.label}>
        <MapPin aria-hidden="true" size={18} />
        Delivery town
      </label>
      <div className={styles.controls}>
        <select
          id={selectId}
          className={`${field.control} ${styles.select}`}
          value={city ?? ''}
          onChange={(event) => setCity(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">Choose your town</option>
          {DELIVERY_CITY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        <button type="button" className={styles.locate} onClick={locate} disabled={locating}>
          <LocateFixed aria-hidden="true" size={18} />
          {locating ? 'Locating…' : 'Use my location'}
        </button>
      </div>
      <p className={styles.note} aria-live="polite">
        {note}
      </p>
    </div>
  )
}
