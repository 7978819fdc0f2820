/**
 * Supplier bills on a job now live in ./bills with business expenses (decision 260). This name is
 * kept for the contracts' and the job screen's imports until they read ./bills.
 */
export {
  createPurchaseInvoiceRequest,
  jobIdParams,
  jobProfitSummary,
  purchaseIdParams,
  purchaseInvoice,
  purchaseInvoiceForm,
  updatePurchaseInvoiceRequest,
  type JobProfitSummary,
  type PurchaseInvoice,
} from './bills';
