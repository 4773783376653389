// @peculiar/x509 for the module. Import it from here, never from the package: the package loads
// tsyringe, which throws at import unless the Reflect metadata API exists, so the polyfill its
// README asks for is loaded first.
import 'reflect-metadata';

export * from '@peculiar/x509';
