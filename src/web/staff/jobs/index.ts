// What other staff features use of the jobs feature.
export { PaymentMethodForm } from './payment-method-form';
