// Delivery's public server functions for other parts of the system.
/** The barcode labels of a note, for the labels benchmark. */
export { asnLabels, labelsPdf } from './asn/asn.labels';
