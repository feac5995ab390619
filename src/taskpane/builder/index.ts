/** The taskpane's form logic without React or Office: rows ↔ filter, numbers, URL meter, presets. */
export * from './conditions';
export * from './quantity';
export * from './order';
export * from './url-meter';
export * from './presets';
export * from './download';
export * from './cells';
export * from '../../settings/field-units';
