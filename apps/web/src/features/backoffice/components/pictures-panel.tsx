import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { PICTURE_MAX_BYTES, pictureMessages, type ProductPictures } from '@larder/shared'
import { ApiError } from '../../../lib/api-client'
import { getPictures, reorderPictures } from '../api/backoffice-api'
import { sendWithProgress } from '../api/upload'
import styles from '../backoffice.module.css'
import pictureStyles from './pictures-panel.module.css'

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif'

interface Upload {
  name: string
  sent: number
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'

/**
 * A product's pictures: add (with the upload's progress), put in order (the first is the main one on the
 * storefront) and remove. Every control is a button or a file input, so it works by keyboard, and the
 * list stacks on a phone. /vendor/products/:id/pictures shows it alone; the product's edit form shows it
 * `embedded`, as a section of its own panel under a lower heading. Each change saves at once.
 */
export function PicturesPanel({ productId, embedded = false }: { productId: number; embedded?: boolean }) {
  const id = useId()
  const queryClient = useQueryClient()
  const queryKey = ['backoffice', 'pictures', productId]
  const pictures = useQuery({ queryKey, queryFn: ({ signal }) => getPictures(productId, signal) })
  const [upload, setUpload] = useState<Upload | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  const show = (next: ProductPictures) => queryClient.setQueryData(queryKey, next)
  const Heading = embedded ? 'h3' : 'h2'

  async function add(files: FileList | null) {
    if (!files || files.length === 0) return
    setError(null)
    setNotice(null)
    for (const file of Array.from(files)) {
      // The server checks again; this only saves sending 10 MB to hear the same answer.
      if (file.size > PICTURE_MAX_BYTES) {
        setError(`${file.name}: ${pictureMessages.tooLarge}`)
        continue
      }
      setUpload({ name: file.name, sent: 0 })
      const body = new FormData()
      body.append('picture', file)
      try {
        show(
          await sendWithProgress<ProductPictures>(`/api/vendor/products/${productId}/pictures`, body, {
            onProgress: (sent) => setUpload({ name: file.name, sent }),
          }),
        )
        setNotice(`${file.name} added.`)
      } catch (failure) {
        setError(`${file.name}: ${messageOf(failure)}`)
      }
    }
    setUpload(null)
  }

  async function save(images: string[], done: string) {
    setBusy(true)
    setError(null)
    try {
      show(await reorderPictures(productId, images))
      setNotice(done)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const list = pictures.data?.pictures ?? []
  const srcs = list.map((picture) => picture.src)
  const move = (from: number, to: number) => {
    const next = [...srcs]
    const [moved] = next.splice(from, 1)
    if (moved === undefined) return
    next.splice(to, 0, moved)
    void save(
      next,
      to === 0 ? `Picture ${from + 1} is now the main picture.` : `Picture ${from + 1} moved to ${to + 1}.`,
    )
  }

  return (
    <section className={embedded ? pictureStyles.section : styles.panel} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={embedded ? pictureStyles.heading : undefined}>
        {embedded ? 'Pictures' : `Pictures${pictures.data ? ` of ${pictures.data.productName}` : ''}`}
      </Heading>
      <p className={styles.muted}>
        JPEG, PNG, WebP or HEIC, up to 10 MB each. The first picture is the one shoppers see first.
        {embedded && ' Pictures are saved as soon as you add, move or remove them.'}
      </p>
      {pictures.isPending && <p role="status">Loading…</p>}
      {pictures.isError && (
        <p role="alert" className={`${styles.alert} ${styles.alertError}`}>
          {messageOf(pictures.error)}
        </p>
      )}
      {pictures.data && (
        <>
          {list.length === 0 ? (
            <p>No pictures yet: shoppers see a plain basket.</p>
          ) : (
            <ol className={pictureStyles.list} aria-labelledby={`${id}-title`}>
              {list.map((picture, index) => (
                <li key={picture.src} className={pictureStyles.item}>
                  <img
                    className={pictureStyles.thumb}
                    src={picture.src}
                    srcSet={picture.srcSet ?? undefined}
                    sizes="8rem"
                    alt={`Picture ${index + 1}`}
                    width={128}
                    height={128}
                  />
                  <span className={pictureStyles.caption}>
                    {index === 0 ? 'Main picture' : `Picture ${index + 1}`}
                  </span>
                  <span className={pictureStyles.buttons}>
                    <button
                      type="button"
                      className="button-secondary"
                      disabled={busy || index === 0}
                      aria-label={`Make picture ${index + 1} the main picture`}
                      onClick={() => move(index, 0)}
                    >
                      Main
                    </button>
                    <button
                      type="button"
                      className="button-secondary"
                      disabled={busy || index === 0}
                      aria-label={`Move picture ${index + 1} earlier`}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button-secondary"
                      disabled={busy || index === list.length - 1}
                      aria-label={`Move picture ${index + 1} later`}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button-secondary"
                      disabled={busy}
                      aria-label={`Remove picture ${index + 1}`}
                      onClick={() =>
                        void save(
                          srcs.filter((src) => src !== picture.src),
                          `Picture ${index + 1} removed.`,
                        )
                      }
                    >
                      Remove
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-file`}>
              Add pictures
            </label>
            <input
              id={`${id}-file`}
              className={styles.input}
              type="file"
              accept={ACCEPT}
              multiple
              disabled={upload !== null}
              onChange={(event) => {
                const input = event.currentTarget
                void add(input.files).then(() => {
                  input.value = ''
                })
              }}
            />
          </div>
        </>
      )}
      {upload && (
        <div className={pictureStyles.progress}>
          <label htmlFor={`${id}-progress`}>
            Uploading {upload.name}: {Math.round(upload.sent * 100)}%
            {upload.sent >= 1 ? ', making its sizes…' : ''}
          </label>
          <progress id={`${id}-progress`} max={1} value={upload.sent} />
        </div>
      )}
      <p role="status" className={notice ? `${styles.alert} ${styles.alertSuccess}` : undefined}>
        {notice}
      </p>
      {error && (
        <p role="alert" className={`${styles.alert} ${styles.alertError}`}>
          {error}
        </p>
      )}
    </section>
  )
}
