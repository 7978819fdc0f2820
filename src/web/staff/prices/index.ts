/** The Prices tab (decisions 281, 282): what the dashboard shows of the price list. */
export { PricesScreen } from './prices-screen';
