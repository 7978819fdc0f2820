import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { invoices } from '../../shared/contracts/invoices';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { emailInvoice, listPdfVersionsOf, makeInvoicePdf, readInvoicePdf } from './documents';
import type { InvoicePdfStore } from './pdf-store';
import { createInvoice, generateInvoiceForJob } from './generate';
import { createLinkMisses, tooManyPayMissesMessage } from '../manage/misses';
import { isWrongPayLink, publicInvoice, publicInvoicePdf } from './pay-link';
import { createInvoicePaymentIntent, payInvoiceSimulated } from './pay-online';
import { emailCreditNote } from './credit-note-email';
import { addCreditNote, listCreditNotes, readCreditNotePdf } from './credit-notes';
import { addInvoiceItem, removeInvoiceItem, updateInvoiceItem } from './lines';
import { getInvoiceDetail, getInvoiceItems, listInvoices, listJobInvoices } from './queries';
import { bulkSetStatus, updateInvoice } from './status';
import { deleteOrVoidInvoice } from './void';

/** Customer invoices (docs/product.md "Customer invoices"); every operation is an admin's. */
export function invoiceRoutes(deps: AppDeps, opts: { pdfs?: InvoicePdfStore } = {}): FastifyPluginAsync {
  const docs = { ...deps, pdfs: opts.pdfs ?? deps.pdfs };
  const misses = createLinkMisses(deps, { link: 'pay', message: tooManyPayMissesMessage });
  /**
   * A wrong pay link counts against its caller's address, as a wrong manage link does; a right one
   * always opens (docs/decisions/397-tokens-kept-out-of-logs.md).
   */
  async function countingMisses<T>(request: FastifyRequest, answer: () => Promise<T>): Promise<T> {
    try {
      return await answer();
    } catch (err) {
      if (isWrongPayLink(err)) await misses.miss(request.ip);
      throw err;
    }
  }
  return async (app) => {
    addRoute(app, invoices.generate, async ({ actor, params }) => ({
      customerInvoice: await generateInvoiceForJob(deps, actor, params.jobId),
    }));
    addRoute(app, invoices.list, async ({ query }) => listInvoices(deps, query));
    addRoute(app, invoices.get, async ({ params }) => getInvoiceDetail(deps, params.id));
    addRoute(app, invoices.items, async ({ params }) => getInvoiceItems(deps, params.id));
    addRoute(app, invoices.byJob, async ({ params }) => listJobInvoices(deps, params.jobId));
    addRoute(app, invoices.create, async ({ actor, body }) => {
      const customerInvoice = await createInvoice(deps, actor, body);
      return { success: true as const, message: `Invoice ${customerInvoice.invoiceNumber} created.`, customerInvoice };
    });
    addRoute(app, invoices.update, async ({ actor, params, body }) => {
      const customerInvoice = await updateInvoice(docs, actor, params.id, body);
      return { success: true as const, message: `Invoice ${customerInvoice.invoiceNumber} updated.`, customerInvoice };
    });
    addRoute(app, invoices.remove, async ({ actor, params }) => deleteOrVoidInvoice(docs, actor, params.id));
    addRoute(app, invoices.bulkStatus, async ({ actor, body }) => bulkSetStatus(docs, actor, body.ids, body.status));
    addRoute(app, invoices.makePdf, async ({ actor, params }) => makeInvoicePdf(docs, actor, params.id));
    addRoute(app, invoices.pdfVersions, async ({ params }) => listPdfVersionsOf(docs, params.id));
    addRoute(app, invoices.pdfFile, async ({ params, query }) => {
      const file = await readInvoicePdf(docs, params.id, params.version);
      return {
        data: file.data,
        contentType: 'application/pdf',
        filename: file.filename,
        disposition: query.download ? ('attachment' as const) : ('inline' as const),
      };
    });
    addRoute(app, invoices.email, async ({ actor, params }) => emailInvoice(docs, actor, params.id));
    addRoute(app, invoices.addItem, async ({ actor, params, body }) => addInvoiceItem(deps, actor, params.id, body));
    addRoute(app, invoices.updateItem, async ({ actor, params, body }) =>
      updateInvoiceItem(deps, actor, params.id, params.itemId, body),
    );
    addRoute(app, invoices.addCreditNote, async ({ actor, params, body }) =>
      addCreditNote(docs, actor, params.id, body),
    );
    addRoute(app, invoices.creditNotes, async ({ params }) => listCreditNotes(docs, params.id));
    addRoute(app, invoices.creditNotePdf, async ({ params, query }) => {
      const file = await readCreditNotePdf(docs, params.id, params.noteId);
      return {
        data: file.data,
        contentType: 'application/pdf',
        filename: file.filename,
        disposition: query.download ? ('attachment' as const) : ('inline' as const),
      };
    });
    addRoute(app, invoices.emailCreditNote, async ({ actor, params }) =>
      emailCreditNote(docs, actor, params.id, params.noteId),
    );
    addRoute(app, invoices.byToken, async ({ params, request }) =>
      countingMisses(request, () => publicInvoice(docs, params.token)),
    );
    addRoute(app, invoices.publicPdf, async ({ params, request }) => {
      const file = await countingMisses(request, () => publicInvoicePdf(docs, params.token));
      return {
        data: file.data,
        contentType: 'application/pdf',
        filename: file.filename,
        disposition: 'inline' as const,
      };
    });
    addRoute(app, invoices.payIntent, async ({ params, request }) =>
      countingMisses(request, () => createInvoicePaymentIntent(deps, params.token)),
    );
    addRoute(app, invoices.paySimulated, async ({ params, body, request }) =>
      countingMisses(request, () => payInvoiceSimulated(deps, params.token, body.cardNumber)),
    );
    addRoute(app, invoices.removeItem, async ({ actor, params }) =>
      removeInvoiceItem(deps, actor, params.id, params.itemId),
    );
  };
}
