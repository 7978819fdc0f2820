/** The owner's settings screens (decision 280), placed one subject a screen by the Settings tab (decision 428). */
export { AuditLogSection } from './audit-log';
export { BusinessSection } from './business-form';
export { CapacitySection } from './capacity-form';
export { ChangesSection } from './changes-list';
export { FeesSection } from './fees-form';
export { MessagesSection } from './messages-section';
export { SecuritySection } from './security-section';
export { SystemSection } from './system-section';
