/** Two-factor sign-in in the dashboard (docs/decisions/320-two-factor-sign-in.md). */
export { TwoFactorSection } from './two-factor-section';
