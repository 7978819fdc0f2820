/** What the Settings tab places (decision 275): the owner's suburb pages. */
export { SuburbPagesSection } from './suburb-pages-section';
