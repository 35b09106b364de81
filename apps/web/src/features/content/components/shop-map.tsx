import { ExternalLink } from 'lucide-react'
import { SHOP_ADDRESS, SHOP_MAP_URL } from '../../../config/contact-details'
import styles from './shop-map.module.css'

/**
 * A hand-drawn map of the shop's corner of Willesden. Drawn rather than embedded: a map frame from a
 * third party would add its cookies (our privacy policy promises none) and a heavy download to the page,
 * for a picture that never changes. The link opens a real, zoomable map.
 */
export function ShopMap() {
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.map}
        viewBox="0 0 480 300"
        width="480"
        height="300"
        role="img"
        aria-labelledby="shop-map-title shop-map-desc"
      >
        <title id="shop-map-title">Map showing the Larder shop on Church Road</title>
        <desc id="shop-map-desc">
          Larder is at Unit 4 Willesden Yard, 120 Church Road, near the junction with the High Road, north of
          the park and the canal.
        </desc>
        <rect width="480" height="300" fill="#eef3e8" />
        <path d="M0 232 C120 214 190 262 300 240 S430 206 480 222 V300 H0 Z" fill="#cfe3f1" />
        <path
          d="M0 232 C120 214 190 262 300 240 S430 206 480 222"
          fill="none"
          stroke="#a9c9e0"
          strokeWidth="3"
        />
        <rect x="300" y="120" width="150" height="78" rx="14" fill="#cfe6c4" />
        <circle cx="338" cy="148" r="10" fill="#a8d29a" />
        <circle cx="366" cy="168" r="12" fill="#a8d29a" />
        <circle cx="410" cy="146" r="9" fill="#a8d29a" />
        <g fill="#dfe5dc">
          <rect x="30" y="30" width="86" height="60" rx="6" />
          <rect x="30" y="130" width="86" height="70" rx="6" />
          <rect x="170" y="30" width="100" height="60" rx="6" />
          <rect x="300" y="30" width="150" height="50" rx="6" />
          <rect x="170" y="130" width="100" height="70" rx="6" />
        </g>
        <g stroke="#ffffff" strokeLinecap="round" fill="none">
          <path d="M0 110 H480" strokeWidth="18" />
          <path d="M143 0 V300" strokeWidth="16" />
          <path d="M285 0 V210" strokeWidth="12" />
        </g>
        <g className={styles.label}>
          <text x="18" y="106">
            CHURCH ROAD
          </text>
          <text x="139" y="284" transform="rotate(-90 139 284)">
            HIGH ROAD
          </text>
          <text x="325" y="190">
            Roundwood Park
          </text>
          <text x="300" y="272">
            Grand Union Canal
          </text>
        </g>
        <g transform="translate(215 110)">
          <circle r="26" fill="#20744a" fillOpacity="0.18" />
          <path d="M0 0 C-14 -18 -18 -24 -18 -34 A18 18 0 1 1 18 -34 C18 -24 14 -18 0 0 Z" fill="#20744a" />
          <circle cy="-34" r="7" fill="#ffffff" />
        </g>
        <g transform="translate(238 58)">
          <rect width="146" height="34" rx="8" fill="#123a2a" />
          <text x="12" y="22" className={styles.pinLabel}>
            Larder, No. 120
          </text>
        </g>
      </svg>
      <figcaption className={styles.caption}>
        <span>{SHOP_ADDRESS.join(', ')}. Map not to scale.</span>
        <a href={SHOP_MAP_URL} rel="noopener noreferrer" target="_blank">
          Open in OpenStreetMap
          <ExternalLink aria-hidden="true" size={16} />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  )
}
