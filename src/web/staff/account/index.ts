/** The signed-in user's own account: devices and password (the forced password choice, ./choose-password-page.tsx, is loaded on its own). */
export { DevicesSection } from './devices-section';
export { PasswordSection } from './password-section';
