export * from './users';
export * from './roles';
export * from './oauth';
export * from './admin';
export * from './audit';
export * from './misc';
export * from './mfa';
export * from './federation';
