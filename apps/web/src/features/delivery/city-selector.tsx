import { DELIVERY_CITY_CHOICES, nearestTown } from '@larder/shared'
import { LocateFixed, MapPin } from 'lucide-react'
import { useId, useState } from 'react'
import { useDeliveryCity } from './delivery-city'
import styles from './city-selector.module.css'

const LOCATION_NOTE = 'We could not read your location. Please choose your town from the list.'

/** The delivery-town selector: empty at first (spec section 4), or filled from the browser's location. */
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
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        setCity(nearestTown({ lat: position.coords.latitude, lng: position.coords.longitude }))
      },
      (error) => {
        // Spec section 8: geolocation errors are only logged; the note just says what to do instead.
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
          className={styles.select}
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
