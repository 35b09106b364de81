import type { FastifySerializerCompiler } from 'fastify'
import {
  ResponseSerializationError,
  serializerCompiler as encodingSerializerCompiler,
} from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * True when the schema cannot change a value, only check it: built from objects, arrays, records, unions,
 * optional and nullable wrappers and scalars, with no coercion, transform, pipe (codecs are pipes), default
 * or catch anywhere. Recursive schemas (the category tree) are followed once. Anything else counts as not
 * plain, which only costs speed.
 */
export function isPlainSchema(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): boolean {
  if (seen.has(schema)) return true
  seen.add(schema)
  const plain = (inner: z.core.$ZodType) => isPlainSchema(inner, seen)
  if (schema instanceof z.ZodString || schema instanceof z.ZodNumber || schema instanceof z.ZodBoolean) {
    return schema.def.coerce !== true
  }
  if (schema instanceof z.ZodNull || schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral)
    return true
  if (schema instanceof z.ZodObject) {
    const { catchall } = schema.def
    return Object.values(schema.shape).every(plain) && (catchall === undefined || plain(catchall))
  }
  if (schema instanceof z.ZodArray) return plain(schema.element)
  if (schema instanceof z.ZodRecord) return plain(schema.keyType) && plain(schema.valueType)
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return plain(schema.unwrap())
  if (schema instanceof z.ZodUnion) return schema.options.every(plain)
  if (schema instanceof z.ZodLazy) return plain(schema.unwrap())
  return false
}

/**
 * fastify-type-provider-zod serialises a reply with `z.safeEncode`, which runs zod's generic interpreter;
 * `safeParse` has a compiled fast path and checks a list of 20 products in about a third of the time
 * (7 µs against 20 µs, docs/benchmarks.md). For a plain schema the two agree: unknown keys are dropped and a
 * reply that breaks the contract still fails with the same ResponseSerializationError (a 500). Any other
 * schema keeps the encoding serialiser.
 */
export const plainSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (routeSchema) => {
  const { schema, method, url } = routeSchema
  if (!(schema instanceof z.ZodType) || !isPlainSchema(schema)) {
    return encodingSerializerCompiler(routeSchema)
  }
  return (data: unknown) => {
    const result = schema.safeParse(data)
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error })
    return JSON.stringify(result.data)
  }
}
