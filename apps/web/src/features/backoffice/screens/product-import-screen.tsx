import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { PRODUCT_CSV_COLUMNS, productImportMessages, type ImportReport } from '@larder/shared'
import { api, ApiError } from '../../../lib/api-client'
import { PRODUCTS_EXPORT_URL } from '../api/backoffice-api'
import { PRODUCTS_KEY } from '../api/vendor-products-api'
import { sendWithProgress } from '../api/upload'
import styles from '../backoffice.module.css'
import { TableFrame } from '../components/form-bits'

type Stage = { step: 'idle' } | { step: 'sending'; sent: number; what: string }

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'

const send = (csv: string, query: string, onProgress: (sent: number) => void) =>
  sendWithProgress<ImportReport>(`/api/vendor/products/import?${query}`, csv, {
    contentType: 'text/csv',
    onProgress,
  })

/**
 * /vendor/products/import: the shop's products as CSV. A file is checked first (a dry run, changing
 * nothing) and its problems listed by row and column; then imported in one go, all rows or, when the
 * shop chooses, only the good ones. The progress bar follows the file's upload, then the server's work.
 */
export function ProductImportScreen() {
  const id = useId()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<{ name: string; text: string } | null>(null)
  const [stage, setStage] = useState<Stage>({ step: 'idle' })
  const [report, setReport] = useState<ImportReport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)

  async function check(chosen: File | undefined) {
    setReport(null)
    setError(null)
    if (!chosen) return
    const text = await chosen.text()
    setFile({ name: chosen.name, text })
    await run(text, 'dryRun=true', `Checking ${chosen.name}`)
  }

  async function run(text: string, query: string, what: string) {
    setStage({ step: 'sending', sent: 0, what })
    try {
      const made = await send(text, query, (sent) => setStage({ step: 'sending', sent, what }))
      setReport(made)
      // The shop's product screens show the imported catalogue at once, not what they kept from before.
      if (made.imported) await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setStage({ step: 'idle' })
    }
  }

  async function download() {
    setExporting(true)
    setError(null)
    try {
      const csv = await api.get<string>(PRODUCTS_EXPORT_URL, { headers: { Accept: 'text/csv' } })
      const link = document.createElement('a')
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }))
      link.download = 'products.csv'
      link.click()
      URL.revokeObjectURL(link.href)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setExporting(false)
    }
  }

  const busy = stage.step !== 'idle'
  const canImport = file !== null && report !== null && report.dryRun && !busy
  const goodRows = report ? report.creates + report.updates : 0

  return (
    <>
      <div className={styles.panel}>
        <h2>Export</h2>
        <p className={styles.muted}>
          Every product of your shop as a CSV file, in the columns the import takes:{' '}
          <code>{PRODUCT_CSV_COLUMNS.join(', ')}</code>. A row with an <code>id</code> updates that product; a
          row without one adds a new product.
        </p>
        <button
          type="button"
          className="button-secondary"
          disabled={exporting}
          onClick={() => void download()}
        >
          {exporting ? 'Preparing…' : 'Download products.csv'}
        </button>
      </div>

      <div className={styles.panel}>
        <h2>Import</h2>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-file`}>
            CSV file to check
          </label>
          <span id={`${id}-hint`} className={styles.hint}>
            It is checked first; nothing changes until you choose to import.
          </span>
          <input
            id={`${id}-file`}
            className={styles.input}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${id}-hint`}
            disabled={busy}
            onChange={(event) => void check(event.currentTarget.files?.[0])}
          />
        </div>

        {stage.step === 'sending' && (
          <div className={styles.field}>
            <label htmlFor={`${id}-progress`}>
              {stage.what}: {stage.sent < 1 ? `sending, ${Math.round(stage.sent * 100)}%` : 'working…'}
            </label>
            {/* Indeterminate (no value) once the file is sent: the server's one transaction has no steps to count. */}
            <progress
              id={`${id}-progress`}
              max={1}
              value={stage.sent < 1 ? stage.sent : undefined}
              className={styles.progressBar}
            />
          </div>
        )}

        <div role="status">
          {report && (
            <p
              className={`${styles.alert} ${report.problems.length === 0 || report.imported ? styles.alertSuccess : styles.alertError}`}
            >
              {report.imported
                ? `Imported: ${report.creates} new, ${report.updates} updated${report.badRows > 0 ? `, ${report.badRows} rows with problems left out` : ''}.`
                : report.dryRun
                  ? `${file?.name ?? 'The file'}: ${report.rows} rows, ${report.creates} new, ${report.updates} updates, ${report.badRows} with problems.`
                  : productImportMessages.hasProblems}
            </p>
          )}
        </div>
        {error && (
          <p role="alert" className={`${styles.alert} ${styles.alertError}`}>
            {error}
          </p>
        )}

        {report && report.problems.length > 0 && (
          <TableFrame label="Problems by row">
            <table className={styles.table}>
              <caption className="visually-hidden">Problems by row</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {report.problems.map((problem, index) => (
                  <tr key={index}>
                    <td>{problem.row}</td>
                    <td>{problem.column || '—'}</td>
                    <td>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}

        {canImport && file && (
          <p className={styles.actions}>
            {report.problems.length === 0 ? (
              <button
                type="button"
                className="button-primary"
                onClick={() => void run(file.text, 'dryRun=false&rows=all', `Importing ${file.name}`)}
              >
                Import {goodRows} products
              </button>
            ) : (
              goodRows > 0 && (
                <button
                  type="button"
                  className="button-primary"
                  onClick={() => void run(file.text, 'dryRun=false&rows=valid', `Importing ${file.name}`)}
                >
                  Import only the {goodRows} good rows
                </button>
              )
            )}
          </p>
        )}
      </div>
    </>
  )
}
