/** What other staff features may use of closures (decision 275): the Settings tab's Closures section. */
export { ClosuresSection } from './closures-section';
