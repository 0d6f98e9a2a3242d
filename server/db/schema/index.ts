export * from './platform';
export * from './people';
export * from './content';
export * from './activity';
export * from './delegation';
