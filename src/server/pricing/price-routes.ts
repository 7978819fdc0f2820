import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { tyrePrices } from '../../shared/contracts/tyre-prices';
import { stripControls } from '../../shared/schemas/fields';
import { IMPORT_LIMITS, IMPORT_TOO_LARGE, importQuery } from '../../shared/schemas/tyre-prices';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { AppError, invalid } from '../http/errors';
import { bulkChangePrices } from './price-bulk';
import { importPriceFile } from './price-import';
import { addTyrePrice, listTyrePrices, updateTyrePrice } from './price-list';

export const IMPORT_NOT_MULTIPART = 'Please upload the price file as a multipart form (field "file").';
export const IMPORT_NO_FILE = 'Choose a CSV file to import (field "file").';
const OPTION_NAMES = ['dryRun', 'skipRefused', 'deactivateMissing'] as const;
type OptionName = (typeof OPTION_NAMES)[number];
const IMPORT_MALFORMED = 'The upload was incomplete or could not be read. Please try again.';

/** The owner's price list and the supplier CSV import (decisions 280-283), beside the public lookup. */
export function priceListRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // In this plugin's scope only; one file of at most 2 MB (decision 282).
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });

    addRoute(app, tyrePrices.list, async ({ query }) => listTyrePrices(deps, query));
    addRoute(app, tyrePrices.create, async ({ actor, body }) => addTyrePrice(deps, actor, body));
    addRoute(app, tyrePrices.update, async ({ actor, params, body }) => updateTyrePrice(deps, actor, params.id, body));
    addRoute(app, tyrePrices.bulkChange, async ({ actor, body }) => bulkChangePrices(deps, actor, body));
    addRoute(app, tyrePrices.importFile, async ({ actor, query, request }) => {
      if (!request.isMultipart()) throw invalid(IMPORT_NOT_MULTIPART, { file: IMPORT_NOT_MULTIPART });
      let upload: { bytes: Buffer; filename: string } | null = null;
      const fieldOptions: Record<string, unknown> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            // The options may also come as form fields; the query, when it has them, wins.
            if (
              OPTION_NAMES.includes(part.fieldname as OptionName) &&
              !(part.fieldname in ((request.query ?? {}) as object))
            )
              fieldOptions[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || upload) {
            part.file.resume();
            continue;
          }
          const chunks: Buffer[] = [];
          // busboy stops at the size limit, so at most 2 MB of a file is ever held.
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.file.truncated)
            throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_TOO_LARGE, { fields: { file: IMPORT_TOO_LARGE } });
          upload = {
            bytes: Buffer.concat(chunks),
            filename: stripControls(part.filename || 'upload.csv').slice(0, 120),
          };
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        // Only the request body is read here: anything thrown is the client's malformed upload.
        request.log.info({ err }, 'Refused a malformed price file upload');
        throw invalid(IMPORT_MALFORMED, { file: IMPORT_MALFORMED });
      }
      if (!upload) throw invalid(IMPORT_NO_FILE, { file: IMPORT_NO_FILE });
      const options = Object.keys(fieldOptions).length
        ? importQuery.parse({ ...((request.query ?? {}) as object), ...fieldOptions })
        : query;
      return importPriceFile(deps, actor, upload, options);
    });
  };
}
