// What other contexts may use of the imports context: its events (ImportCompleted: the bulk work after an import).
export { IMPORT_EVENTS } from './events';
