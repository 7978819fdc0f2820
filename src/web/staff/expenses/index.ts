/** What other staff features may use of expenses (decision 275): a job's supplier bills show the same GST breakdown. */
export { GstBreakdown } from './gst-breakdown';
