export * from './users';
export * from './courses';
export * from './lectures';
export * from './videos';
export * from './questions';
export * from './usage';
