import { z } from 'zod';
import { listContracts } from '../../shared/contracts';
import { openApiPath, type ContractDef } from '../../shared/contracts/contract';
import { errorBody } from '../../shared/schemas/errors';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
};

/** Path and query parameters as OpenAPI lists them: one entry per property of the object schema. */
function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const ACCESS_TEXT: Record<ContractDef['access'], string> = {
  public: 'Anyone.',
  'optional-staff': 'Anyone; signed-in staff are recognised.',
  staff: 'Signed-in staff (admin or technician).',
  admin: 'Signed-in admins.',
  webhook: 'The card provider, verified by its signature.',
};

function successResponse(c: ContractDef) {
  const kind = c.responseKind ?? 'json';
  if (kind === 'empty') return { '204': { description: 'Done.' } };
  if (kind === 'file')
    return {
      '200': {
        description: 'The file.',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    };
  if (kind === 'html')
    return { '200': { description: 'A page.', content: { 'text/html': { schema: { type: 'string' } } } } };
  return {
    [String(c.status ?? 200)]: {
      description: 'Done.',
      content: { 'application/json': { schema: c.response ? toSchema(c.response, 'output') : {} } },
    },
  };
}

/** The API as an OpenAPI 3.1 document, built from the same contracts the server and the browser use. */
export function buildOpenApiDocument(info: { title: string; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = {
    description: 'Refused: see the message.',
    content: { 'application/json': { schema: toSchema(errorBody, 'output') } },
  };
  for (const { area, name, contract: c } of listContracts()) {
    const operation: Record<string, unknown> = {
      operationId: `${area}.${name}`,
      tags: [area],
      summary: c.summary,
      description: `Who may call it: ${ACCESS_TEXT[c.access]}`,
      parameters: [...parametersOf(c.params, 'path'), ...parametersOf(c.query, 'query')],
      responses: {
        ...successResponse(c),
        ...Object.fromEntries(
          Object.entries(c.otherResponses ?? {}).map(([status, schema]) => [
            status,
            {
              description: 'See the message.',
              content: { 'application/json': { schema: toSchema(schema, 'output') } },
            },
          ]),
        ),
        '4XX': error,
      },
    };
    if (c.body) {
      const type = c.multipart ? 'multipart/form-data' : 'application/json';
      operation.requestBody = { required: true, content: { [type]: { schema: toSchema(c.body, 'input') } } };
    }
    if (c.access === 'staff' || c.access === 'admin') operation.security = [{ session: [] }];
    const path = openApiPath(c.path);
    paths[path] = { ...paths[path], [c.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: '1',
      description: 'Money is a decimal string with two places (e.g. "129.80"); dates are Perth dates, yyyy-MM-dd.',
    },
    servers: [{ url: info.serverUrl }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    paths,
  };
}
