import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiErrorSchema,
  ImportQuerySchema,
  ImportReportSchema,
  productImportMessages,
  type ImportReport,
} from '@larder/shared'
import { HttpError } from '../../plugins/errors'
import type { AuditLog } from './audit-log'
import { requireShopMember } from './backoffice-scopes'
import { readProductsCsv, writeProductsCsv } from './product-csv'
import type { ProductImportRepository } from './product-import.repository'

export interface ProductImportDeps {
  repository: ProductImportRepository
  audit: AuditLog
}

/** 5 000 rows of long descriptions stay under this; the JSON routes keep their 1 MB. */
const CSV_BODY_LIMIT = 8 * 1024 * 1024

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 413: ApiErrorSchema }

/** The shop's products as CSV: export, and import with a dry run first (docs/api.md, decision 0036). */
export const productImportRoutes: FastifyPluginAsyncZod<ProductImportDeps> = async (app, deps) => {
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )

  app.get(
    '/products/export.csv',
    { schema: { response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const member = requireShopMember(request)
      const csv = writeProductsCsv(await deps.repository.exportRows(member.shopId))
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .send(csv)
    },
  )

  app.post(
    '/products/import',
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: { querystring: ImportQuerySchema, response: { 200: ImportReportSchema, ...errors } },
    },
    async (request): Promise<ImportReport> => {
      const member = requireShopMember(request)
      if (typeof request.body !== 'string') throw new HttpError(400, 'Send the file as text/csv')
      const dryRun = request.query.dryRun === 'true'
      const partial = request.query.rows === 'valid'
      const parsed = readProductsCsv(request.body, await deps.repository.context(member.shopId))
      const report = {
        dryRun,
        rows: parsed.rows,
        creates: parsed.good.filter((row) => row.id === undefined).length,
        updates: parsed.good.filter((row) => row.id !== undefined).length,
        badRows: parsed.badRows,
        problems: parsed.problems,
        imported: false,
      }
      // Nothing is written on a dry run, nor when any row is bad unless the shop chose the good rows only.
      const refused = parsed.problems.length > 0 && (!partial || parsed.good.length === 0)
      if (dryRun || refused || parsed.good.length === 0) return report
      const applied = await deps.audit.change(
        member,
        { action: 'product.import', entityType: 'product', shopId: member.shopId },
        async (tx) => {
          const result = await deps.repository.apply(tx, member.shopId, parsed.good, { partial })
          return { result, record: result.records }
        },
      )
      if (applied.refused.length === 0) return { ...report, imported: true }
      // Products archived since the rows were checked: refused by row, like any other bad row.
      const late = applied.refused.map((row) => ({
        row: row.row,
        column: 'id',
        message: productImportMessages.archived,
      }))
      return {
        ...report,
        updates: report.updates - late.length,
        badRows: report.badRows + late.length,
        problems: [...report.problems, ...late].sort((a, b) => a.row - b.row),
        imported: applied.records.length > 0,
      }
    },
  )
}
