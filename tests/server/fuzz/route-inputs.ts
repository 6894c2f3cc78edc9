/**
 * The inputs of each route as JSON Schemas, taken from the real app: its OpenAPI document is written by
 * fastify-type-provider-zod, which converts every route's own zod schemas (params, querystring, body) with
 * z.toJSONSchema. The multipart forms, which the routes read themselves, convert their field schemas the same way.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FuzzTarget } from './fuzz-targets';
import type { JsonSchema } from './schema-arbitraries';

export interface RouteInputs {
  params: JsonSchema;
  query: JsonSchema;
  /** The JSON body's schema; undefined when the route declares none. */
  body?: JsonSchema;
  /** A multipart form's text fields. */
  formFields?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const emptyObject: JsonSchema = { type: 'object', properties: {} };

/** `/api/user/:id/cart` → `/api/user/{id}/cart`, as the OpenAPI document writes paths. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function routeInputs(app: FastifyInstance, target: FuzzTarget): RouteInputs {
  const document = app.swagger() as OpenApiDocument;
  const operation = document.paths?.[openApiPath(target.path)]?.[target.method.toLowerCase()] ?? {};
  const inputs: RouteInputs = {
    params: parametersIn(operation, 'path'),
    query: parametersIn(operation, 'query'),
    body: operation.requestBody?.content?.['application/json']?.schema,
  };
  if (target.form) {
    inputs.formFields = z.toJSONSchema(target.form.fields, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }
  return inputs;
}

function parametersIn(operation: OpenApiOperation, where: 'path' | 'query'): JsonSchema {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === where);
  if (parameters.length === 0) return emptyObject;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/** Path parameter names of a registered path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}
