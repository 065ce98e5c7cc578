export { generator, generateTypes, TARGET, PACKAGE_NAME } from './generator.ts';
