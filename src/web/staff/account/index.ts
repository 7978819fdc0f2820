/** The signed-in user's own account: devices, password, and the forced password choice. */
export { ChoosePasswordPage } from './choose-password-page';
export { DevicesSection } from './devices-section';
export { PasswordSection } from './password-section';
