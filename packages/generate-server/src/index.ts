export { generator, generateServer, TARGET, PACKAGE_NAME } from './generator.ts';
