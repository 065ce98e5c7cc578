export * from './password.ts';
export * from './totp.ts';
export * from './secrets.ts';
export * from './tokens.ts';
export * from './qr.ts';
export * from './device-codec.ts';
