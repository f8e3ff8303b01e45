export { importContacts } from './import-contacts';
export { importContactsCsv, REFUSED_ROWS_LISTED } from './import-csv-file';
export { ImportStop } from './import-stop';
export { IMPORT_STOPPED } from './merge-ranges';
