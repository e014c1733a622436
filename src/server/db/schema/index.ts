export * from './audit';
export * from './auth';
export * from './blog';
export * from './catalog';
export * from './customers';
export * from './inbox';
export * from './orders';
export * from './shared-state';
