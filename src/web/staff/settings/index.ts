/** The owner's settings screens (decision 280), for the Settings tab. */
export { OwnerSettings } from './owner-settings';
