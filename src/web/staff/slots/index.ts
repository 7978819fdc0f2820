/** What other staff features may use of the slot calendar (decision 275): the schedule shows days and slots the same way. */
export { closedLabel, shortDay } from './calendar-days';
export { cellTone, jobHref, SlotBadge } from './slot-cell';
