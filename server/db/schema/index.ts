/** The whole data model (see docs/data-model.md): one module per area, one schema. */
export * from './platform';
export * from './customers';
export * from './menu';
export * from './service';
export * from './content';
export * from './loyalty';
export * from './finance';
export * from './security';
export * from './rollups';
export * from './audit';
export * from './printing';
export * from './pix';
