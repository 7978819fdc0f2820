export * from './money';
export * from './gst';
export * from './slots';
export * from './business-days';
export * from './tyre-size';
export * from './services';
export * from './pricing';
export * from './job-status';
