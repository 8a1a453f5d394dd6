import { z } from 'zod'

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** What the walk reads of a JSON schema: the top level of an envelope. */
const jsonSchema = z.looseObject({
  // An array for a nullable value: ['string', 'null'].
  type: z.union([z.string(), z.array(z.string())]).optional(),
  const: z.unknown().optional(),
  enum: z.array(z.unknown()).optional(),
  required: z.array(z.string()).optional(),
  get properties() {
    return z.record(z.string(), jsonSchema).optional()
  },
})
type JsonSchema = z.infer<typeof jsonSchema>

const operationObject = z.looseObject({
  parameters: z.array(z.looseObject({ name: z.string(), in: z.string() })).default([]),
  requestBody: z.unknown().optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).default([]),
  responses: z.record(
    z.string(),
    z.looseObject({ content: z.record(z.string(), z.object({ schema: jsonSchema })).optional() }),
  ),
})
const openapiPaths = z.looseObject({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })

export interface Operation {
  /** `GET /api/v1/objects/getObject/{id}` */
  key: string
  /** The same call whatever its prefix: `GET /objects/getObject/{id}` */
  call: string
  method: string
  path: string
  hasBody: boolean
  /** The names of its query parameters (`clerkId`, where the call reads it). */
  queryParameters: string[]
  successStatus: number
  /**
   * `envelope`: a JSON answer in the legacy envelope (`successSchema`); `file`: a download, one of
   * `fileTypes` (a bulk run's results), whose success has no envelope (`successSchema` is empty).
   */
  answer: 'envelope' | 'file'
  successSchema: JsonSchema
  fileTypes: string[]
  security: Array<Record<string, string[]>>
}

/** Every operation of an OpenAPI document, with its one success status and that answer's schema. */
export function documentedOperations(document: unknown): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(openapiPaths.parse(document).paths)) {
    for (const method of METHODS) {
      if (item[method] === undefined) continue
      const operation = operationObject.parse(item[method])
      const successes = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status))
      const key = `${method.toUpperCase()} ${path}`
      if (successes.length !== 1) throw new Error(`${key} documents ${successes.length} success statuses`)
      const status = successes[0] ?? ''
      const content = operation.responses[status]?.content ?? {}
      const schema = content['application/json']?.schema
      const fileTypes = Object.keys(content).filter((type) => type !== 'application/json')
      if (!schema && fileTypes.length === 0) throw new Error(`${key} documents no answer for ${status}`)
      if (schema && fileTypes.length > 0) throw new Error(`${key} documents both JSON and a file for ${status}`)
      operations.push({
        key,
        call: `${method.toUpperCase()} ${path.replace(/^\/api\/v\d+(?=\/)/, '')}`,
        method: method.toUpperCase(),
        path,
        hasBody: operation.requestBody !== undefined,
        queryParameters: operation.parameters.filter((parameter) => parameter.in === 'query').map(({ name }) => name),
        successStatus: Number(status),
        answer: schema ? 'envelope' : 'file',
        successSchema: schema ?? {},
        fileTypes,
        security: operation.security,
      })
    }
  }
  return operations
}

/** How an answer differs from its documented envelope: the status constant, the required fields and their types. */
export function envelopeProblems(operation: Operation, body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the answer is not a JSON object']
  const fields = new Map(Object.entries(body))
  const { required = [], properties = {} } = operation.successSchema
  const problems = required.filter((name) => !fields.has(name)).map((name) => `no "${name}"`)
  for (const [name, schema] of Object.entries(properties)) {
    if (!fields.has(name)) continue
    const value = fields.get(name)
    const fixed = fixedValueOf(schema)
    if (fixed !== undefined && value !== fixed) problems.push(`"${name}" is not ${JSON.stringify(fixed)}`)
    const types = schema.type === undefined ? [] : [schema.type].flat()
    if (types.length > 0 && !types.includes(jsonType(value))) problems.push(`"${name}" is not a ${types.join(' or ')}`)
  }
  return problems
}

/**
 * The one value a schema allows, if it allows one only (the envelope's status word): a `const`, or
 * an `enum` of one value, as the document writes a literal.
 */
export function fixedValueOf(schema: JsonSchema | undefined): unknown {
  if (schema?.const !== undefined) return schema.const
  return schema?.enum?.length === 1 ? schema.enum[0] : undefined
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value
}
